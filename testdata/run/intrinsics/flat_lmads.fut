-- description: `intrinsics.flat_index_Nd` reads the rows an LMAD (offset, and
-- per dimension a size and a stride, possibly negative or zero) picks out of
-- an array; `intrinsics.flat_update_Nd` writes them in place. An LMAD that
-- reaches outside the array is an index error, unless a dimension is empty.
-- ==
-- entry: windows
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] 0i64 } output { [[0, 1, 2], [3, 4, 5]] }
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] 8i64 } output { [[8, 7, 6], [5, 4, 3]] }
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] 4i64 } error: Index .* out of bounds
-- input { empty([0]i32) 5i64 } error: out of bounds

-- ==
-- entry: none
-- input { [1, 2] } output { empty([0][3]i32) }

-- ==
-- entry: cube
-- input { [0, 1, 2, 3, 4, 5, 6, 7] } output { [[[0, 1], [2, 3]], [[4, 5], [6, 7]]] [[[0, 0], [0, 0]], [[0, 0], [0, 0]]] }

-- ==
-- entry: diagonal
-- input { 3i64 } output { [9, 1, 1, 1, 9, 1, 1, 1, 9] }
-- input { 0i64 } output { empty([0]i32) }

-- ==
-- entry: blocks
-- input { [0, 0, 0, 0, 0, 0] } output { [1, 2, 0, 3, 4, 0] }
-- input { [0, 0, 0, 0] } error: out of bounds

-- ==
-- entry: rows4
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[[[[5, 6]]], [[[1, 2]]]]] }

-- The stride of the second dimension is 1 or -1, depending on `o`.
entry windows (xs: []i32) (o: i64) : [][]i32 =
  intrinsics.flat_index_2d xs o 2 (if o == 0 then 3 else -3) 3 (if o == 0 then 1 else -1)

entry none (xs: []i32) : [][]i32 =
  intrinsics.flat_index_2d xs 100 0 1 3 1

entry cube (xs: []i32) =
  ( intrinsics.flat_index_3d xs 0 2 4 2 2 2 1
  , intrinsics.flat_index_4d xs 0 1 0 2 0 2 0 2 0 |> head
  )

entry diagonal (n: i64) : []i32 =
  let v = replicate n (replicate 1 9)
  in intrinsics.flat_update_2d (replicate (n * n) 1) 0 (n + 1) 1 v

entry blocks [n] (xs: *[n]i32) : *[n]i32 =
  intrinsics.flat_update_3d xs 0 3 1 0 [[[1], [2]], [[3], [4]]]

entry rows4 (xss: [][2]i32) =
  intrinsics.flat_index_4d xss 2 1 0 2 (-2) 1 0 1 0
