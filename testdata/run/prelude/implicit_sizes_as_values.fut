-- description: a function whose sizes only its result type determines (`unflatten`) gets them from its use's type also where it is not applied directly: after a pipe, as an argument of `map`, or bound to a name.
-- ==
-- entry: piped
-- input { [[1, 2], [3, 4], [5, 6]] }
-- output { [[1, 2], [3, 4], [5, 6]] }

-- ==
-- entry: mapped
-- input { [[1, 2, 3, 4], [5, 6, 7, 8]] }
-- output { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] }

entry piped [n] [m] (xss: [n][m]i32) : [n][m]i32 =
  flatten xss |> unflatten

entry mapped [k] (xss: [k][2 * 2]i32) : [k][2][2]i32 =
  map unflatten xss
