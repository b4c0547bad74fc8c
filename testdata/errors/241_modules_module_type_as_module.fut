-- A module type used where a module is expected (`open` of a signature).
-- ==
-- error: Unknown name "numeric"

module type numeric = {
  type t
  val zero: t
}

open numeric
