-- A module type with something that is not a specification.
module type S = {
  type t
  def x = 1
  val f: t -> t
}
module M = { def y = }
