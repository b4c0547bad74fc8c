-- description: two assertions in sequence; the first one that fails is reported.
-- ==
-- input { 5 } output { 5 }
-- input { -5 } error: Assertion is false|x >= 0
-- input { 500 } error: Assertion is false|x < 100

def main (x: i32) =
  let y = assert (x >= 0) x
  in assert (x < 100) y
