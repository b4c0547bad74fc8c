-- Calling a function with a `*` parameter on a fresh array, and chaining consumers.

def set (xs: *[]i32) (i: i64) (v: i32) : *[]i32 = xs with [i] = v

def build (n: i64) : []i32 =
  let a = replicate n 0
  let a = set a 0 1
  let a = set a (n - 1) 2
  in a

def unique_pair ((a, b): (*[]i32, *[]i32)) : (*[]i32, *[]i32) =
  (a with [0] = 1, b with [0] = 2)

def up (n: i64) = unique_pair (replicate n 0, replicate n 0)
