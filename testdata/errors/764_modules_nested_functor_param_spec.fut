-- A submodule's functor demands more of its parameter than the module
-- type's functor spec promises: the message names the submodule.
-- ==
-- error: type Lift.elem = f32

module type elemental = {
  type elem
  val zero : elem
}

module type lifting = {
  module Lift: (E: elemental) -> elemental
}

module lifts : lifting = {
  module Lift (E: elemental with elem = f32) : elemental = {
    type elem = f32
    def zero = E.zero + 1f32
  }
}
