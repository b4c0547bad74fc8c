-- description: slice forms `xs[i:]`, `xs[:j]`, `xs[::s]`, `xs[::-1]` and 2D slices with their resulting sizes.
-- ==
-- entry: one_d
-- input { [1, 2, 3, 4, 5] }
-- output { [3, 4, 5] [1, 2] [1, 3, 5] [5, 4, 3, 2, 1] [4, 2] }

-- ==
-- entry: two_d
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }
-- output { [[5, 6], [8, 9]] [1, 4, 7] [3, 6, 9] [[9, 8, 7], [6, 5, 4], [3, 2, 1]] }

entry one_d (xs: []i32) = (xs[2:], xs[:2], xs[::2], xs[::-1], xs[3:0:-2])

entry two_d (a: [][]i32) = (a[1:, 1:], a[:, 0], a[:, 2], a[::-1, ::-1])
