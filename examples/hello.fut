-- A first Runic program: `runic check examples/hello.fut` accepts it and
-- `runic ir --stage syntax examples/hello.fut` prints its syntax tree.
-- ==
-- input { [1, 2, 3, 4] }
-- output { 30 }

-- | The square of a number.
def square (x: i32) : i32 = x * x

-- | The sum of the squares of the elements.
entry main (xs: []i32) : i32 =
  reduce (+) 0 (map square xs)
