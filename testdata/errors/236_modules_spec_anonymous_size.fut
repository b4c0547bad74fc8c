-- Value spec whose parameter has an anonymous size: specs need named size parameters.
-- ==
-- error: All function parameters must have non-anonymous sizes

module type bag = {
  type~ t
  val of_array: []i32 -> t
  val count: t -> i64
}
