-- Higher-order functions taking and returning lambdas.

def compose 'a 'b 'c (f: b -> c) (g: a -> b) : a -> c = \x -> f (g x)

def iterate 'a (n: i32) (f: a -> a) (x: a) : a = loop x for _i < n do f x

-- | A function that builds a polynomial as a closure.
def poly (a: f32) (b: f32) (c: f32) : f32 -> f32 = \x -> a * x * x + b * x + c

-- | Apply a list of coefficients to build closures and evaluate them.
def eval_all (xs: []f32) : []f32 =
  let p = poly 1.0 (-2.0) 1.0
  let q = compose (\y -> y * 2.0) p
  in map q xs

entry main (x: i32) : i32 = iterate 10 (\y -> y * 2 + 1) x

entry polys (xs: []f32) : []f32 = eval_all xs

entry composed (x: i64) : i64 = (compose (+ 1) (* 3)) x
