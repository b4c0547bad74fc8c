-- description: heap sort written as a functor over an ordered type, with sift-down loops updating the array in place.
-- ==
-- entry: sort_i32
-- input { [5, 2, 9, 1, 5, 6] } output { [1, 2, 5, 5, 6, 9] }
-- input { [1] } output { [1] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: sort_f64_desc
-- input { [0.5, 2.5, -1.0] } output { [2.5, 0.5, -1.0] }

-- O.t is abstract (it could be an array type), so elements are copied before being written back.
module type ordered = { type t val lt : t -> t -> bool }

module heapsort (O: ordered) = {
  local def sift_down [n] (a: *[n]O.t) (start: i64) (end: i64) : *[n]O.t =
    let (a, _, _) =
      loop (a, root, go) = (a, start, true) while go do
        let child = 2 * root + 1
        in if child >= end then (a, root, false)
           else
             let child = if child + 1 < end && O.lt a[child] a[child + 1] then child + 1 else child
             in if O.lt a[root] a[child]
                then let x = copy a[root]
                     let a[root] = copy a[child]
                     let a[child] = x
                     in (a, child, true)
                else (a, root, false)
    in a

  def sort [n] (xs: [n]O.t) : [n]O.t =
    let a = loop a = copy xs for k < n / 2 do sift_down a (n / 2 - 1 - k) n
    in loop a for k < n - 1 do
         let end = n - 1 - k
         let x = copy a[0]
         let a[0] = copy a[end]
         let a[end] = x
         in sift_down a 0 end
}

module hi = heapsort { type t = i32 def lt (a: i32) (b: i32) = a < b }
module hf = heapsort { type t = f64 def lt (a: f64) (b: f64) = a > b }

entry sort_i32 (xs: []i32) = hi.sort xs
entry sort_f64_desc (xs: []f64) = hf.sort xs
