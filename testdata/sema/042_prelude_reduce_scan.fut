-- Prelude: reduce, scan, reduce_comm and tuple-valued reductions.

def sum (xs: []f64) = reduce (+) 0 xs
def running_max (xs: []i32) = scan i32.max i32.lowest xs
def prod_comm (xs: []i64) = reduce_comm (*) 1 xs

def min_and_max (xs: []f32) : (f32, f32) =
  reduce (\(a, b) (c, d) -> (f32.min a c, f32.max b d)) (f32.inf, -f32.inf)
         (map (\x -> (x, x)) xs)
