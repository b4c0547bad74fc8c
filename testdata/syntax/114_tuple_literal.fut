-- Tuple literals of mixed types, nested tuples and tuples in arrays.

def triple : (i32, f64, bool) = (1, 2.0, true)

def nested : ((i32, i32), (f32, (bool, u8))) = ((1, 2), (3.0, (false, 'x')))

-- | A function returning a tuple built from its arguments.
def split (x: f64) : (i64, f64) =
  let whole = i64.f64 x
  in (whole, x - f64.i64 whole)

-- | Trailing comma in a tuple literal.
def with_comma : (i32, i32) = (10, 20,)

entry main (x: f64) : ((i32, f64, bool), (i64, f64), (i32, i32)) = (triple, split x, with_comma)

entry deep : ((i32, i32), (f32, (bool, u8))) = nested
