-- A value binding may have size parameters that its inferred type uses;
-- each use picks the size from where it is used.
def zeros [k] = replicate k 0f32
def three : [3]f32 = zeros
