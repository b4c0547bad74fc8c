-- Conditionals inside parallel operations: map, filter, reduce and scan.

def clip (lo: f32) (hi: f32) (xs: []f32) : []f32 =
  map (\x -> if x < lo then lo else if x > hi then hi else x) xs

-- | Segmented-style reset: running sum that restarts at zeros.
def running_reset (xs: []i32) : []i32 =
  let flags = map (== 0) xs
  let pairs = zip flags xs
  let op (f1: bool, v1: i32) (f2: bool, v2: i32) : (bool, i32) =
    (f1 || f2, if f2 then v2 else v1 + v2)
  in map (.1) (scan op (false, 0) pairs)

-- | Count values above a threshold using a conditional inside reduce's input.
def count_above (t: f32) (xs: []f32) : i32 =
  reduce (+) 0 (map (\x -> if x > t then 1 else 0) xs)

entry main (xs: []f32) : ([]f32, i32) = (clip 0.0 1.0 xs, count_above 0.5 xs)

entry resets (xs: []i32) : []i32 = running_reset xs
