-- Wildcard patterns that discard values in let, lambdas and tuples.

def fst3 (t: (i32, f32, bool)) : i32 =
  let (a, _, _) = t
  in a

def last_of_triple (t: (i32, f32, bool)) : bool =
  let (_, _, c) = t
  in c

-- | Discard the entire result of a computation.
def ignore_result (x: i32) : i32 =
  let _ = x * 1000
  in x

entry main (xs: [](i32, f32, bool)) : ([]i32, []bool) =
  (map fst3 xs, map last_of_triple xs)

entry indices_only (xs: []f32) : []i64 =
  map (\(i, _) -> i) (zip (indices xs) xs)

entry ign (x: i32) : i32 = ignore_result x
