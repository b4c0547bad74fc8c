-- description: a user-defined polymorphic compose used at several types.
-- ==
-- input { [1, 2, 3] } output { [1.0, 1.4142135623730951, 1.7320508075688772] [false, true, false] }

def compose 'a 'b 'c (g: b -> c) (f: a -> b) : a -> c = \x -> g (f x)

def main (xs: []i32) =
  (map (compose f64.sqrt f64.i32) xs, map (compose (== 0) (% 2)) xs)
