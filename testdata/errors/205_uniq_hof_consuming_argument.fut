-- Passing a consuming function to a higher-order function whose parameter does not consume.
-- ==
-- error: incompatible regarding consuming their arguments

def apply_to 'a 'b (f: a -> b) (x: a) : b = f x

def reset (xs: *[]f32) : *[]f32 = xs with [0] = 0

def go (arr: *[]f32) = apply_to reset arr
