-- description: a row whose elements each build an array of their own
-- size (irregular, so each thread of the group builds its own
-- sequentially) before a reduction of the group.
-- ==
-- input { 1i64 40i64 } output { 369i64 }
-- input { 1i64 100i64 } output { 909i64 }
-- input { 2i64 40i64 } error: out of bounds

entry main (k: i64) (m: i64) : i64 =
  let xss = tabulate_2d 3 m (\i j -> 2 + (i + j) % 5)
  let rs = map (\xs ->
                  let ys = map (\x -> let z = opaque (map (+ 2) (iota x)) in z[k]) xs
                  let s = reduce (+) 0 ys
                  in s + ys[m - 1]) xss
  in i64.sum rs
