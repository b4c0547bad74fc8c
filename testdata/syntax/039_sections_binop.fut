-- Operator sections: (+), (+ 1), (1 +), (* 2), (x -) and friends.

def sum (xs: []i32) : i32 = reduce (+) 0 xs

def increment (xs: []i32) : []i32 = map (+ 1) xs

def prepend_one (xs: []i32) : []i32 = map (1 +) xs

def doubled (xs: []f32) : []f32 = map (* 2.0) xs

-- | Left section with subtraction: 100 - x.
def from_hundred (xs: []i32) : []i32 = map (100 -) xs

def positives (xs: []i32) : []i32 = filter (> 0) xs

def halves (xs: []i32) : []i32 = map (/ 2) xs

def products [n][m] (xs: [n]i32) (ys: [m]i32) : [m]i32 = map2 (*) (xs :> [m]i32) ys

entry main (xs: []i32) : (i32, []i32, []i32, []i32, []i32, []i32) =
  (sum xs, increment xs, prepend_one xs, from_hundred xs, positives xs, halves xs)

entry floats (xs: []f32) : []f32 = doubled xs |> map (f32.+ 0.5)

entry pairwise (xs: []i32) : []i32 = products xs xs
