-- Type abbreviation with wrong arity: `entry_t` takes two type parameters.
-- ==
-- error: requires 2 arguments, but provided 1

type entry_t 'k 'v = (k, v)

def keys (es: [](entry_t i32)) = map (.0) es
