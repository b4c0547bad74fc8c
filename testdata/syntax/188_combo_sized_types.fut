-- Size-dependent typing: size-lifted parameters, existentials, coercions and size bindings.

-- | A type abbreviation whose size is existential.
type~ ragged_row = ?[k].[k]i32

-- | A lifted abbreviation for array transformers.
type^ transform [n] = [n]f32 -> [n]f32

-- | Apply a size-changing function, which needs a size-lifted result type.
def apply_sized '~b 'a (f: a -> b) (x: a) : b = f x

-- | Keep the first half of an array; the result size is existential.
def halve (xs: []i32) : ?[m].[m]i32 = xs[:length xs / 2]

def evens (xs: []i32) : ragged_row = filter (\x -> x % 2 == 0) xs

-- | Run a transform then coerce the result back to a known size.
def fixed [n] (t: transform [n]) (xs: [n]f32) : [n]f32 = t xs :> [n]f32

-- | Bind the unknown size produced by filter, then use it in a type.
def pad_evens (xs: []i32) : []i32 =
  let [k] (es: [k]i32) = evens xs
  let padded : [k + 1]i32 = es ++ [0]
  in padded

-- | A named-parameter function type producing arrays of the given size.
def build_with (n: i64) (f: (k: i64) -> [k]f32) : [n]f32 = f n

entry main (xs: []i32) : ([]i32, []i32, []i32) = (apply_sized halve xs, apply_sized evens xs, pad_evens xs)

entry transforms [n] (xs: [n]f32) : ([n]f32, [3]f32) =
  (fixed (map (* 2.0)) xs, build_with 3 (\k -> replicate k 1.0))
