-- A failed check inside inlined functions reports the call sites it
-- went through, innermost first, on every backend.
-- ==
-- input { [1.0f32, 2.0f32] 2i64 }
-- error: assert_call_stack.fut:12.*assert_call_stack.fut:14.*assert_call_stack.fut:17
-- input { [1.0f32, 2.0f32] 1i64 }
-- output { 3.0f32 }
-- input { [1.0f32, 2.0f32] -1i64 }
-- error: assert_call_stack.fut:12.*assert_call_stack.fut:14.*Index \[-1\] out of bounds

def pick (xs: []f32) (k: i64) : f32 =
  xs[k]

def twice (xs: []f32) (k: i64) : f32 = pick xs k + pick xs 0 + 0

entry main (xs: []f32) (k: i64) : f32 =
  let v = twice xs k
  in v
