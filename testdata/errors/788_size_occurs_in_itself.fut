-- error: Occurs check
-- A function of type `a -> a` keeps its argument's size; one that
-- doubles the length would need a size equal to twice itself.
def twice_apply 'a (g: a -> a) (v: a) = g (g v)
def main [k] (vs: [k]f32) = twice_apply (\ws -> ws ++ ws) vs
