-- Size coercions with `:>` that are checked at run time.

def take_exact [n] (k: i64) (xs: [n]f32) : [k]f32 =
  xs[0:k] :> [k]f32

def pair_with [n] (xs: [n]i32) (ys: []i32) : [n](i32, i32) =
  zip xs (ys :> [n]i32)

def square [n] (flat: [n]f32) (side: i64) : [side][side]f32 =
  unflatten (flat :> [side * side]f32)
