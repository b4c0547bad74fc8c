-- Signature mismatch: `with t = i64` demands t be i64, but the module defines it as u8.
-- ==
-- error: but module type requires

module type elem = {
  type t
  val default: t
}

module bytes : elem with t = i64 = {
  type t = u8
  def default : t = 0
}
