-- Chained let bindings where the intermediate 'in' keywords are omitted.

def chain (x: i32) : i32 =
  let a = x + 1
  let b = a * 2
  let c = b - 3
  in a + b + c

-- | A single line with two lets and one in.
def oneliner : i32 = let a = 1 let b = 2 in a + b

-- | Mixing omitted and explicit 'in'.
def mixed (xs: []i32) : i32 =
  let total = i32.sum xs in
  let count = i32.i64 (length xs)
  let avg = if count == 0 then 0 else total / count
  in avg

-- | Chained lets including a local function and a size binding.
def combo (xs: []i32) : i64 =
  let f x = x > 10
  let [n] (ys: [n]i32) = filter f xs
  let zs = map (* 2) ys
  in n + length zs

entry main (x: i32) (xs: []i32) : (i32, i32, i32, i64) = (chain x, oneliner, mixed xs, combo xs)
