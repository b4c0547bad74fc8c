-- A hole whose array size nothing determines: `length` of a hole.
-- ==
-- error: Ambiguous size "[^[:space:]]+" arising from instantiated size parameter of "length"

def todo_len : i64 = length ???
