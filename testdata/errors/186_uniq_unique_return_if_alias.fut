-- Unique return aliasing a parameter in one branch of an `if`.
-- ==
-- error: Unique-typed return value is aliased to "old"

def pick (use_new: bool) (old: []f32) (new: *[]f32) : *[]f32 =
  if use_new then new else old
