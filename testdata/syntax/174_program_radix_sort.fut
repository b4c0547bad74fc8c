-- A realistic program: least-significant-digit radix sort built from scatter passes.

-- | Extract bit `b` of a key as 0 or 1.
def get_bit (b: i32) (x: u32) : i64 = i64.u32 ((x >> u32.i32 b) & 1)

-- | One stable partitioning pass on bit `b`.
--
-- Elements with a zero bit keep their relative order and come first,
-- followed by the elements with a one bit.
def radix_pass [n] (b: i32) (xs: [n]u32) : [n]u32 =
  let bits = map (get_bit b) xs
  let zeros = map (1 -) bits
  let zero_pos = scan (+) 0 zeros
  let n_zeros = if n == 0 then 0 else zero_pos[n - 1]
  let one_pos = scan (+) 0 bits
  let dest =
    map3 (\bit zp op -> if bit == 0 then zp - 1 else n_zeros + op - 1)
         bits zero_pos one_pos
  in scatter (copy xs) dest xs

-- | A pass that also carries a payload array along with the keys.
def radix_pass_by_key [n] 'v (b: i32) (ks: [n]u32) (vs: [n]v) : ([n]u32, [n]v) =
  let bits = map (get_bit b) ks
  let offs = scan (+) 0 (map (1 -) bits)
  let n_zeros = if n == 0 then 0 else offs[n - 1]
  let ones = scan (+) 0 bits
  let idx = map3 (\bit o z -> if bit == 0 then o - 1 else n_zeros + z - 1) bits offs ones
  in (scatter (copy ks) idx ks, scatter (copy vs) idx vs)

-- | Full sort of 32-bit unsigned keys: one pass per bit.
def radix_sort [n] (xs: [n]u32) : [n]u32 =
  loop xs for b < 32 do radix_pass b xs

-- | Sort signed integers by flipping the sign bit.
def radix_sort_i32 [n] (xs: [n]i32) : [n]i32 =
  let flip (x: i32) : u32 = u32.i32 x ^ 0x8000_0000
  let unflip (x: u32) : i32 = i32.u32 (x ^ 0x8000_0000)
  in map unflip (radix_sort (map flip xs))

-- | Sort payload values by their keys.
def sort_by_key [n] 'v (ks: [n]u32) (vs: [n]v) : ([n]u32, [n]v) =
  loop (ks, vs) for b < 32 do radix_pass_by_key b ks vs

-- | True when the array is in non-decreasing order.
def is_sorted [n] (xs: [n]u32) : bool =
  n < 2 || and (map2 (<=) xs[:n - 1] xs[1:])

entry main (xs: []u32) : []u32 = radix_sort xs

entry signed (xs: []i32) : []i32 = radix_sort_i32 xs

entry single_pass (b: i32) (xs: []u32) : []u32 = radix_pass b xs

entry by_key [n] (ks: [n]u32) (vs: [n]f32) : ([n]u32, [n]f32) = sort_by_key ks vs

entry check (xs: []u32) : bool = is_sorted (radix_sort xs)
