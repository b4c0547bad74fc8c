-- Record type mismatch: the record literal lacks the `vel` field of the annotated type.
-- ==
-- error: Unshared fields: vel

type body = {pos: f32, vel: f32}

def at_rest (p: f32) : body = {pos = p}
