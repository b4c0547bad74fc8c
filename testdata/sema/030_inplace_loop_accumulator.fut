-- In-place updates on a loop accumulator that is freshly allocated.

def histogram (k: i64) (xs: []i64) : [k]i32 =
  loop counts = replicate k 0 for x in xs do
    if x >= 0 && x < k then counts with [x] = counts[x] + 1 else counts

def prefix_sums [n] (xs: [n]i32) : [n]i32 =
  loop acc = copy xs for i < n - 1 do
    acc with [i + 1] = acc[i] + acc[i + 1]
