-- Parametric, non-recursive sum types: option 'a and either 'a 'b.

type option 'a = #none | #some a
type either 'a 'b = #left a | #right b

def map_option 'a 'b (f: a -> b) (o: option a) : option b =
  match o
  case #none -> #none
  case #some x -> #some (f x)

def from_option 'a (d: a) (o: option a) : a =
  match o
  case #none -> d
  case #some x -> x

def either_to_i32 (e: either i32 f32) : i32 =
  match e
  case #left i -> i
  case #right f -> i32.f32 f

-- | Find the first index satisfying a predicate.
def find_index 't (p: t -> bool) (xs: []t) : option i64 =
  let is = filter (\i -> p xs[i]) (indices xs)
  in if length is == 0 then #none else #some is[0]

entry main (xs: []i32) : i64 = from_option (-1) (find_index (> 10) xs)

entry others (x: i32) (f: f32) : (i32, i32, i32) =
  ( from_option 0 (map_option (* 2) (#some x))
  , either_to_i32 (#left x)
  , either_to_i32 (#right f)
  )
