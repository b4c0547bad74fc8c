-- Lambdas with several curried parameters, used with map2, map3 and reduce.

def lerp [n] (ts: [n]f32) (as: [n]f32) (bs: [n]f32) : [n]f32 =
  map3 (\t a b -> a + t * (b - a)) ts as bs

-- | A three-parameter lambda applied directly.
def apply3 (x: i32) : i32 = (\a b c -> a * b + c) x 2 3

-- | A curried lambda returning a lambda.
def curried (x: i32) : i32 = ((\a -> \b -> a - b) x) 1

-- | Mixed wildcard and named parameters.
def keep_second [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map2 (\_ y -> y) xs ys

entry main [n] (ts: [n]f32) (as: [n]f32) (bs: [n]f32) : [n]f32 = lerp ts as bs

entry others (x: i32) (xs: []i32) : (i32, i32, []i32) = (apply3 x, curried x, keep_second xs xs)
