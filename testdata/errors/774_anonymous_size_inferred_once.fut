-- error: Sizes "3" and "2" do not match
-- A parameter's anonymous size may be inferred from the body, but it is
-- one size: both uses of the parameter have it.
def twice (v: []f32) : ([2]f32, [3]f32) = (v, v)
