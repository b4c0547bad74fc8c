-- An entry point whose declared result is a function type is accepted: it is just more parameters.

entry add_to (x: i32) : i32 -> i32 = \y -> x + y

def helper (x: f32) (y: f32) = x * y

entry scaled (x: f32) = helper x
