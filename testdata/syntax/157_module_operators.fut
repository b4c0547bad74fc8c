-- Operators declared in signatures (val +: t -> t -> t) and used as (M.+).

module type ring = {
  type t
  val zero : t
  val one : t
  val +: t -> t -> t
  val *: t -> t -> t
  val ==: t -> t -> bool
}

-- | Integers modulo 7 as a ring.
module z7 : ring with t = i32 = {
  type t = i32
  def zero = 0i32
  def one = 1i32
  def (+) (a: i32) (b: i32) : i32 = (a i32.+ b) %% 7
  def (*) (a: i32) (b: i32) : i32 = (a i32.* b) %% 7
  def (==) (a: i32) (b: i32) : bool = a i32.== b
}

-- | Qualified operator sections and qualified infix use.
entry main (xs: []i32) : (i32, i32, bool) =
  ( reduce (z7.+) z7.zero xs
  , reduce (z7.*) z7.one xs
  , (3 z7.+ 4) z7.== z7.zero
  )
