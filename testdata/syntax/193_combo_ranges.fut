-- Every range form in realistic use: loops, arrays, indices and strides.

-- | Even numbers below n, by a stepped exclusive range.
def evens (n: i64) : []i64 = 0..2..<n

-- | Countdown including zero, stepping by two.
def countdown_even : []i32 = 10..8...0

-- | Reverse indices for a backwards traversal.
def backwards [n] (xs: [n]f32) : [n]f32 = map (\i -> xs[n - 1 - i]) (0..<n)

-- | Sum of a downward exclusive range.
def down_sum (n: i64) : i64 = i64.sum (n..>0)

-- | Triangular numbers via an inclusive range inside a loop.
def triangles (n: i64) : [n]i64 = map (\k -> loop s = 0 for i in 1...k do s + i) (iota n)

-- | Sum of the odd entries found by a stepped inclusive range.
def odd_entries [n] (xs: [n]i32) : i32 =
  loop acc = 0 for i in 1..3...(n - 1) do acc + xs[i]

-- | Empty ranges are fine when the bounds coincide.
def nothing : []i64 = 5..<5

entry main (n: i64) : ([]i64, []i32, i64, []i64, []i64) =
  (evens n, copy countdown_even, down_sum n, triangles n, copy nothing)

entry arrays (xs: []f32) (ys: []i32) : ([]f32, i32) = (backwards xs, odd_entries ys)
