-- Attribute in a position where it is not allowed: on a function argument.
-- ==
-- error: Unexpected token

def scale (k: f32) (x: f32) = k * x

def run (x: f32) = scale #[unsafe] 2 x
