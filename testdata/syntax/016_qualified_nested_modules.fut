-- Qualified access through nested modules: M.N.x and M.N.f.

module Geometry = {
  module Constants = {
    def tau : f32 = 2.0 * f32.pi
    def unit : f32 = 1.0
  }

  module Circle = {
    def circumference (r: f32) : f32 = Constants.tau * r
    def area (r: f32) : f32 = f32.pi * r * r
  }
}

-- | Uses doubly qualified names.
entry measure (r: f32) : (f32, f32, f32) =
  ( Geometry.Circle.circumference r
  , Geometry.Circle.area r
  , Geometry.Constants.tau * Geometry.Constants.unit
  )
