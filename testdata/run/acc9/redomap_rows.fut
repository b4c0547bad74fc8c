-- A map whose rows are mapped and reduced at once (a redomap that also
-- returns its mapped array): one segmented reduction whose operands'
-- kernel also writes the mapped rows, inside a loop interchanged with
-- the map, and at the top.
-- ==
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [49i64, 123i64] [[2i64, 4i64, 6i64], [8i64, 10i64, 12i64]] [13i64, 31i64] }
-- input { empty([0][3]i64) }
-- output { empty([0]i64) empty([0][3]i64) empty([0]i64) }
-- input { [[7i64], [0i64]] }
-- output { [57i64, 0i64] [[14i64], [0i64]] [15i64, 1i64] }

def main [n] [m] (xss: [n][m]i64) =
  let looped =
    #[flattening(only_inner)]
    map (\xs ->
           let (_, s) =
             loop (ys, s) = (xs, 0)
             for i < 4 do
               let ys' = map (* (i + 1)) ys
               let s' = s + i64.sum ys'
               in (ys', s')
           in s / 4)
        xss
  let (doubled, sums) =
    #[flattening(only_inner)]
    unzip (map (\xs ->
                  let ys = map (* 2) xs
                  in (ys, i64.sum ys + 1))
               xss)
  in (looped, doubled, sums)
