-- Consumption in the last use: an array may be consumed once nothing reads it afterwards.

def scramble (xs: *[]i32) : *[]i32 =
  let first = xs[0]
  let n = length xs
  let xs[0] = xs[n - 1]
  let xs[n - 1] = first
  in xs

def caller (n: i64) : []i32 =
  let a = map i32.i64 (iota n)
  let total = i32.sum a
  in scramble a with [0] = total
