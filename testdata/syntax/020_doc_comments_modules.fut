-- Documentation comments on module types, specs, modules and their members.

-- | Types that have a zero element and addition.
module type monoid = {
  -- | The carrier type.
  type t

  -- | The neutral element.
  val zero : t

  -- | An associative binary operation.
  val add : t -> t -> t
}

-- | The additive monoid of 64-bit integers.
module sum_i64 : monoid with t = i64 = {
  -- | Carrier.
  type t = i64
  -- | Zero.
  def zero = 0i64
  -- | Plain addition.
  def add (a: i64) (b: i64) = a + b
}

-- | Fold an array with a monoid.
--
-- Works for any module matching `monoid`.
module fold (M: monoid) = {
  -- | Reduce the whole array.
  def all (xs: []M.t) : M.t = reduce M.add M.zero xs
}

module fold_sum = fold sum_i64

-- | Entry point using the instantiated functor.
entry total (xs: []i64) : i64 = fold_sum.all xs
