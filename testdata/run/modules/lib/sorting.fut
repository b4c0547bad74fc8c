-- A generic insertion sort parameterised over a comparison, plus a functor over ordered types.
-- Elements are copied before being written back: t could be an array type, so reads may alias.

def insertion_sort 't [n] (lte: t -> t -> bool) (xs: [n]t) : [n]t =
  loop a = copy xs for i < n do
    let (a, _) =
      loop (a, j) = (a, i) while j > 0 && !(lte a[j - 1] a[j]) do
        let x = copy a[j]
        let a[j] = copy a[j - 1]
        let a[j - 1] = x
        in (a, j - 1)
    in a

module type ordered = { type t val lte : t -> t -> bool }

module sorter (O: ordered) = {
  def sort [n] (xs: [n]O.t) = insertion_sort O.lte xs
}
