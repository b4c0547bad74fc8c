-- `include` of a type abbreviation where a module type is expected.
-- ==
-- error: Unknown module type "coords"

type coords = (f32, f32)

module type located = {
  include coords
  val pos: coords
}
