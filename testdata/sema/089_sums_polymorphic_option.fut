-- Sum types with a type parameter: an option type with map and default.

type option 'a = #some a | #none

def map_opt 'a 'b (f: a -> b) (o: option a) : option b =
  match o
  case #some x -> #some (f x)
  case #none -> #none

def get_or 'a (d: a) (o: option a) : a =
  match o
  case #some x -> x
  case #none -> d

def find_first (p: i32 -> bool) (xs: []i32) : option i32 =
  let hits = filter p xs
  in if length hits > 0 then #some hits[0] else #none

def r = get_or 0 (map_opt (* 2) (find_first (> 3) [1, 5, 7]))
