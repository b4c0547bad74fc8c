-- Conditional expressions: if-then-else as a value, in arguments and in maps.

def sign (x: f32) : f32 = if x > 0.0 then 1.0 else if x < 0.0 then -1.0 else 0.0

def relu (xs: []f32) : []f32 = map (\x -> if x > 0.0 then x else 0.0) xs

-- | An if used directly as a function argument.
def pick (b: bool) (x: i32) (y: i32) : i32 = i32.abs (if b then x else y)

-- | Both branches return tuples.
def order (a: i32) (b: i32) : (i32, i32) = if a <= b then (a, b) else (b, a)

entry main (x: f32) (xs: []f32) : (f32, []f32) = (sign x, relu xs)

entry others (b: bool) (x: i32) (y: i32) : (i32, (i32, i32)) = (pick b x y, order x y)
