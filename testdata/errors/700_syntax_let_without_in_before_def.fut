-- A local binding whose `in` was forgotten runs into the next definition.
-- ==
-- error: Unexpected "def"

def scale (v: f32) =
  let doubled = v * 2

def offset (v: f32) = v + 1
