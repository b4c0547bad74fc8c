-- description: a user-defined polymorphic higher-order function instantiated at several types.
-- ==
-- input { [1, 2] [1.5, 2.5] } output { [2, 4] [3.0, 5.0] [true, true] }

def apply_all 'a 'b [n] (f: a -> b) (xs: [n]a) : [n]b = map f xs

def main (xs: []i32) (ys: []f64) =
  (apply_all (* 2) xs, apply_all (* 2) ys, apply_all (> 0) xs)
