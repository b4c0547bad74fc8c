-- description: constructors with array payloads.
-- ==
-- input { [1, 2, 3] true } output { 6 }
-- input { [1, 2, 3] false } output { 3 }

-- A size parameter is needed: non-lifted abbreviations may not hide sizes.
type agg [n] = #sum_of ([n]i32) | #count_of ([n]i32)

def run [n] (a: agg [n]) : i32 =
  match a
  case #sum_of xs -> reduce (+) 0 xs
  case #count_of xs -> i32.i64 (length xs)

def main [n] (xs: [n]i32) (use_sum: bool) =
  run (if use_sum then #sum_of xs else #count_of xs : agg [n])
