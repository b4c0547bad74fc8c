-- Custom operator symbols such as |>>, **., <=< and >>=, with fixity from their prefix.

-- | Pipe into a function twice; binds like |>.
def (|>>) 'a (x: a) (f: a -> a) : a = f (f x)

-- | Scalar power on an array; binds like **.
def (xs: []f32) **. (k: f32) : []f32 = map (\x -> x ** k) xs

-- | Kleisli-style composition of optional-returning functions, binds like <=.
type opt = #none | #some i32

def (<=<) (g: i32 -> opt) (f: i32 -> opt) : i32 -> opt =
  \x -> match f x
        case #none -> #none
        case #some y -> g y

-- | Bind for the option type; binds like >>.
def (m: opt) >>= (f: i32 -> opt) : opt =
  match m
  case #none -> #none
  case #some x -> f x

def half (x: i32) : opt = if x % 2 == 0 then #some (x / 2) else #none

def unwrap (o: opt) : i32 = match o case #some x -> x case #none -> -1

entry main (x: i32) : (i32, i32, i32) =
  ( x |>> (+ 1)
  , unwrap ((half <=< half) x)
  , unwrap (#some x >>= half >>= half)
  )

entry powers (xs: []f32) : []f32 = xs **. 2.0
