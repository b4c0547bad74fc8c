-- An anonymous size in a parameter is a size parameter of the function:
-- a result built from the parameter keeps the argument's size.
def same (xs: []i32) = xs

def bump (xs: []i32) = map (+ 1) xs

def rebound (xs: []i32) = let ys = xs in ys

def set (xs: *[]i32) (i: i64) = xs with [i] = 0

def use_them (a: *[10]i32) : *[10]i32 =
  let b: [10]i32 = same a
  let c: [10]i32 = bump b
  let d: [10]i32 = rebound c
  in set (copy d) 0

def apply_to (f: *[4]i32 -> i64 -> [4]i32) (a: *[4]i32) : [4]i32 = f a 1

def passed (a: *[4]i32) : [4]i32 = apply_to set a
