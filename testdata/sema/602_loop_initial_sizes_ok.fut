-- Loop patterns whose annotations agree with the initial value's sizes,
-- or leave them to the loop.

def scale [len] (start: [len]f64) =
  loop (acc: [len]f64) = start for _j < 2 do map (* 2) acc

def fill (k: i64) =
  loop (acc: *[k]i64) = replicate k 0 for j < k do acc with [j] = j

def grow (start: []f64) =
  loop (acc: []f64) = start for _j < 2 do acc ++ acc

def sized [len] (start: [len]i32) =
  loop [m] (acc: [m]i32) = start for _j < 2 do acc ++ acc
