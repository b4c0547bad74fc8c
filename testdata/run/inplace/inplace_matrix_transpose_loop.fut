-- description: transposing a square matrix in place with nested loops swapping across the diagonal.
-- ==
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] } output { [[1, 4, 7], [2, 5, 8], [3, 6, 9]] }
-- input { [[1]] } output { [[1]] }

-- The inner loop counts k < n - i - 1 rather than using the range i+1...n-1,
-- which would be an invalid (decreasing) range on the last row.
def main [n] (a: *[n][n]i32) =
  loop a for i < n do
    loop a for k < n - i - 1 do
      let j = i + 1 + k
      let t = a[i, j]
      let a[i, j] = a[j, i]
      let a[j, i] = t
      in a
