-- Signature mismatch: the signature's `type t` is non-lifted but the module's `type~ t` hides a size.
-- ==
-- error: but module type requires a non-lifted type

module type buf = {
  type t
  val empty: t
}

module b : buf = {
  type~ t = []f32
  def empty : t = []
}
