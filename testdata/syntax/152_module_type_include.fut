-- 'include' in module types to extend signatures.

module type eq = {
  type t
  val ==: t -> t -> bool
}

-- | Ordered types include equality.
module type ord = {
  include eq
  val <: t -> t -> bool
}

-- | Include with a refinement, and further specs.
module type bounded_ord = {
  include ord with t = i32
  val lowest : t
  val highest : t
}

module i32_bounded : bounded_ord = {
  type t = i32
  def (==) (a: i32) (b: i32) = a i32.== b
  def (<) (a: i32) (b: i32) = a i32.< b
  def lowest = i32.lowest
  def highest = i32.highest
}

module sorted_check (O: ord) = {
  def is_sorted [n] (xs: [n]O.t) : bool =
    and (map (\i -> !(xs[i + 1] O.< xs[i])) (iota (n - 1)))
}

module check_i32 = sorted_check i32_bounded

entry main (xs: []i32) : (bool, i32) = (check_i32.is_sorted xs, i32_bounded.highest)
