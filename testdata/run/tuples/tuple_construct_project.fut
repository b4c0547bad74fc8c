-- description: constructing tuples and projecting components with .0, .1, .2.
-- ==
-- input { 1 2.0 true } output { true 2.0 1 }

def main (a: i32) (b: f64) (c: bool) =
  let t = (a, b, c)
  in (t.2, t.1, t.0)
