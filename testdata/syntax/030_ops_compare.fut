-- Comparison operators == != < <= > >= on numbers, booleans, tuples and arrays.

def classify (x: i32) : i32 =
  if x < 0 then -1
  else if x == 0 then 0
  else 1

def in_range (lo: f32) (hi: f32) (x: f32) : bool = lo <= x && x <= hi

def outside (lo: f32) (hi: f32) (x: f32) : bool = x < lo || x > hi

-- | Structural equality works on tuples too.
def same_pair (a: (i32, bool)) (b: (i32, bool)) : bool = a == b

def differ (x: i64) (y: i64) : bool = x != y && x >= 0 && y >= 0

entry main (xs: []i32) : []i32 = map classify xs

entry checks (x: f32) : (bool, bool, bool, bool) =
  (in_range 0.0 1.0 x, outside 0.0 1.0 x, same_pair (1, true) (1, true), differ 3 4)

entry arrays_equal [n][m] (xs: [n]i32) (ys: [m]i32) : bool =
  n == m && and (map2 (==) xs (ys :> [n]i32))
