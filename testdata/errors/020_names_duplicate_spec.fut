-- Duplicate definition: the module type specifies `push` twice.
-- ==
-- error: Duplicate definition of name push

module type stack = {
  type t
  val push: i32 -> t -> t
  val pop: t -> t
  val push: i32 -> t -> t
}
