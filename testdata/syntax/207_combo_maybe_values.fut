-- Parametric sum types with a size-lifted helper: maybe 'a, first elements and filters.

-- | Optional values of any type, as a parametric sum type.
type maybe 'a = #nothing | #just a

-- | Tagged results carrying either a value or an error code.
type result 'a 'e = #ok a | #failed e

-- | Apply a size-changing function; the result type must be size-lifted.
def via 'a '~b (f: a -> b) (x: a) : b = f x

def first 't (xs: []t) : maybe t = if length xs == 0 then #nothing else #just xs[0]

def from_maybe 't (d: t) (m: maybe t) : t =
  match m
  case #just x -> x
  case #nothing -> d

def checked (x: i32) : result i32 u8 = if x >= 0 then #ok x else #failed 'n'

entry main (xs: []i32) : (i64, i32, i32) =
  let positives = via (filter (> 0)) xs
  let code = match checked (from_maybe 0 (first xs)) case #ok v -> v case #failed c -> -(i32.u8 c)
  in (length positives, from_maybe (-1) (first positives), code)
