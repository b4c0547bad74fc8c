-- A type of a nested module differs from the module type's: the message
-- names it by its path.
-- ==
-- error: type units.length = f64

module type physics = {
  module units: {
    type length = f64
  }
}

module sim : physics = {
  module units = {type length = f32}
}
