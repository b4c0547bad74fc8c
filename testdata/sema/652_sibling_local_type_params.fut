-- Two local polymorphic functions may use the same type parameter name:
-- each one's parameter is its own type.
def outer [n] (xs: [n]f64) (k: i64) =
  let pick 't (arr: [n]t) (zero: t) : [k]t =
    tabulate k (\i -> if i < n then arr[i] else zero)
  let pick_again 't (arr: [n]t) (zero: t) : [k]t =
    tabulate k (\i -> if i < n then arr[i] else zero)
  in (pick xs 0, pick_again (map i64.f64 xs) 1)
