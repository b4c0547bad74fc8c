-- description: a sequential histogram: loop over input, incrementing counters in place.
-- ==
-- input { 3i64 [0i64, 2i64, 2i64, 1i64, 2i64] } output { [1, 1, 3] }
-- input { 2i64 empty([0]i64) } output { [0, 0] }

def main (bins: i64) (xs: []i64) =
  loop counts = replicate bins 0i32 for x in xs do
    counts with [x] = counts[x] + 1
