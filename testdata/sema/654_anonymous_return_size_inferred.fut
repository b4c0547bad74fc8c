-- An anonymous size in a function's written return type is inferred from
-- the body; only what the body cannot express becomes existential.
def count_up (n: i64) : []i64 = iota n

def three : [3]i64 = count_up 3

def pair (n: i64) : ([]i64, bool) = (iota n, true)

def four : [4]i64 = (pair 4).0

def via_helper [m] (xs: [m]f32) (n: i64) : ([]f32, i64) =
  let ys = map (\i -> xs[i % m]) (iota n)
  in (ys, n)

def sized (xs: [5]f32) : [2]f32 = (via_helper xs 2).0
