-- Basic slices: a[1:], a[:n], a[i:j].

def tail' (xs: []i32) : []i32 = xs[1:]

def take_n (n: i64) (xs: []i32) : [n]i32 = xs[:n]

def window (i: i64) (j: i64) (xs: []i32) : []i32 = xs[i:j]

-- | Moving window sums of width 3.
def window_sums [n] (xs: [n]i32) : []i32 =
  map (\i -> i32.sum xs[i:i + 3]) (0..<(n - 2))

-- | Split an array in two halves by slicing.
def halves [n] (xs: [n]f32) : ([]f32, []f32) = (xs[:n / 2], xs[n / 2:])

entry main (xs: []i32) : ([]i32, [2]i32, []i32, []i32) =
  (tail' xs, take_n 2 xs, window 1 3 xs, window_sums xs)

entry halved (xs: []f32) : ([]f32, []f32) = halves xs
