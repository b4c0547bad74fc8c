-- Unknown type: the abbreviation refers to `vec4`, which is never defined.
-- ==
-- error: Unknown type "vec4"

type vec3 = {x: f32, y: f32, z: f32}
type mat = [4]vec4

def zero_vec : vec3 = {x = 0, y = 0, z = 0}
