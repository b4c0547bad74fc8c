-- Simple anonymous functions: \x -> x + 1 and friends.

def inc_all (xs: []i32) : []i32 = map (\x -> x + 1) xs

def squares (xs: []f64) : []f64 = map (\x -> x * x) xs

-- | A lambda bound to a name with let.
def twice (x: i32) : i32 =
  let f = \y -> y * 2
  in f (f x)

-- | A lambda returned from a function.
def adder (k: i32) : i32 -> i32 = \x -> x + k

entry main (xs: []i32) (x: i32) : ([]i32, i32, i32) = (inc_all xs, twice x, adder 5 x)

entry sq (xs: []f64) : []f64 = squares xs
