-- Abstract type leak: returning the abstract `id.t` where an i64 is declared.
-- ==
-- error: Function body does not have expected type

module type ident = {
  type t
  val fresh: i64 -> t
}

module id : ident = {
  type t = i64
  def fresh (x: i64) : t = x + 1
}

def raw (x: i64) : i64 = id.fresh x
