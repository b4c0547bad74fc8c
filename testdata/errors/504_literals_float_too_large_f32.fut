-- The float literal is larger than the largest f32.
-- ==
-- error: out of bounds

def scale (x: f32) : f32 = x * 5.0e39
