-- description: a module type refined with `with t = ...` so the concrete type is visible to callers.
-- ==
-- input { 7 } output { 14 }

module type has_double = {
  type t
  val double : t -> t
}

module i32_double : has_double with t = i32 = {
  type t = i32
  def double (x: i32) = x * 2
}

-- Because t = i32 is visible, an i32 can be passed directly.
def main (x: i32) = i32_double.double x
