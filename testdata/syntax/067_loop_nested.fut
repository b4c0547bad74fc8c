-- Nested loops of all three forms.

-- | Sum of all entries of a matrix with two nested counting loops.
def matrix_sum [n][m] (xss: [n][m]i32) : i32 =
  loop total = 0 for i < n do
    loop total for j < m do
      total + xss[i, j]

-- | Bubble sort: nested for loops with in-place swaps.
def bubble_sort [n] (xs: [n]i32) : [n]i32 =
  loop xs = copy xs for i < n do
    loop xs for j < n - i - 1 do
      if xs[j] > xs[j + 1]
      then let tmp = xs[j]
           let xs[j] = xs[j + 1]
           let xs[j + 1] = tmp
           in xs
      else xs

-- | A while loop inside a for-in loop: total Collatz steps.
def collatz_total (xs: []i64) : i64 =
  loop acc = 0 for x in xs do
    let (_, steps) =
      loop (v, s) = (x, 0) while v > 1 do
        (if v % 2 == 0 then v / 2 else 3 * v + 1, s + 1)
    in acc + steps

entry main (xss: [][]i32) : i32 = matrix_sum xss

entry sorted (xs: []i32) : []i32 = bubble_sort xs

entry collatz (xs: []i64) : i64 = collatz_total xs
