-- Custom operators in a validation pipeline, with trace and pattern attributes.

type result = #ok f32 | #err i32

-- | Chain a validation step; binds like >>.
def (r: result) >>= (f: f32 -> result) : result =
  match r
  case #ok x -> f x
  case #err e -> #err e

-- | Pipe through a plain function twice; binds like |>.
def (x: f32) |>> (f: f32 -> f32) : f32 = f (f x)

-- | Compose validators; binds like <=.
def (<=<) (g: f32 -> result) (f: f32 -> result) : f32 -> result = \x -> f x >>= g

-- | Element-wise power; binds like **.
def (xs: []f32) **. (p: f32) : []f32 = map (** p) xs

def positive (x: f32) : result = if x > 0.0 then #ok x else #err 1
def small (x: f32) : result = if x < 100.0 then #ok x else #err 2

def validate (#[maybe_unused] x: f32) : result = #[trace(validating)] (small <=< positive) x

entry main (x: f32) : (i32, f32) =
  let code = match validate x case #ok _ -> 0 case #err e -> e
  in (code, x |>> f32.sqrt)

entry powers (xs: []f32) : []f32 = #[trace] (xs **. 3.0)
