-- A first Runic program: `runic check examples/hello.fut` accepts it,
-- `echo '[1, 2, 3, 4]' | runic run examples/hello.fut` prints `30i32` and
-- `runic test examples/` runs the test block below.
-- ==
-- input { [1, 2, 3, 4] }
-- output { 30 }

-- | The square of a number.
def square (x: i32) : i32 = x * x

-- | The sum of the squares of the elements.
entry main (xs: []i32) : i32 =
  reduce (+) 0 (map square xs)
