-- Sum-type constructors with payloads: #some x / #none.

type opt_i32 = #none | #some i32

def safe_div (a: i32) (b: i32) : opt_i32 =
  if b == 0 then #none else #some (a / b)

def get_or (d: i32) (o: opt_i32) : i32 =
  match o
  case #some x -> x
  case #none -> d

-- | Map over an optional value.
def map_opt (f: i32 -> i32) (o: opt_i32) : opt_i32 =
  match o
  case #some x -> #some (f x)
  case #none -> #none

entry main [n] (as: [n]i32) (bs: [n]i32) : [n]i32 =
  map2 (\a b -> safe_div a b |> map_opt (+ 1) |> get_or (-1)) as bs
