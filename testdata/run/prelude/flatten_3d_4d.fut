-- description: flatten_3d, unflatten_3d, flatten_4d and unflatten_4d.
-- ==
-- entry: flat3
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { [1, 2, 3, 4, 5, 6, 7, 8] }

-- ==
-- entry: unflat3
-- input { [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }
-- output { [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]] }

-- ==
-- entry: roundtrip4
-- input { [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] }
-- output { [[[[1, 2], [3, 4]], [[5, 6], [7, 8]]], [[[9, 10], [11, 12]], [[13, 14], [15, 16]]]] [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] }

entry flat3 (x: [][][]i32) = flatten_3d x
entry unflat3 (xs: []i32) = unflatten_3d (xs :> [2 * 3 * 2]i32)
entry roundtrip4 (xs: []i32) =
  let a = unflatten_4d (xs :> [2 * 2 * 2 * 2]i32)
  in (a, flatten_4d a)
