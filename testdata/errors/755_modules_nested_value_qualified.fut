-- A value of a nested module has the wrong type: the message names it by
-- its path in the module type.
-- ==
-- error: val shapes.area : f32

module type geometry = {
  module shapes: {
    val area : f32
  }
}

module geo : geometry = {
  module shapes = {def area : f64 = 1.5}
}
