-- Two reductions of each row, then a loop on their results: the
-- reductions become segmented ones, the loop runs in a thread per row
-- of a map after them.
-- ==
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [2262i64, 45036i64] }
-- input { empty([0][2]i64) }
-- output { empty([0]i64) }

def main [n] [m] (xss: [n][m]i64) : [n]i64 =
  #[flattening(only_inner)]
  map (\xs ->
         let (s, p) = (reduce (+) 0 xs, reduce (*) 1 (map (* 5) xs))
         in loop acc = s
            for i < 3 do
              if acc % 2 == 0 then acc + i * 2 + p else acc * 2 + p)
      xss
