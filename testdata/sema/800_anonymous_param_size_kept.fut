-- Anonymous parameter sizes are implicit size parameters: an inferred result
-- keeps them, so passing such a function to a higher-order function does not
-- make its result size existential.

def rev_copy (xs: []f32) = reverse (copy xs)

def grads [n] (xs: [n]f32) : [n][n]f32 =
  tabulate n (\i -> vjp rev_copy xs (replicate n 0 with [i] = 1))

def same_len (xs: []i32) : [](i32, i32) = zip xs (map (+ 1) xs)

-- A branch returning the parameter or a computed array has an existential
-- size; the parameter's own size stays unknown to the body.
def keep_or_grow (xs: *[]i32) (b: bool) : *[]i32 =
  if b then xs else xs ++ [0]

-- An ascription inside a parameter's ascription gives its sizes.
def outer_inner [m] ((ys: [m]i32, _): ([]i32, bool)) : i64 = m
