-- An entry point returning one literal of every primitive type.

entry all_types : (i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64, bool) =
  ( -1i8, 300i16, 70_000, 1i64 << 40i64
  , 200u8, 0xFFFFu16, 0b1u32, 1_000u64
  , 0.5f16, 1.25e1f32, 2.0E-1, true
  )

-- | Literals inside an array must share a type.
entry u16_array : []u16 = [0u16, 1, 0x10, 0b11, 1_000]

entry f32_array : []f32 = [1.0f32, 2.5e-1, 3e2, 4.0]
