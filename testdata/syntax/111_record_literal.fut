-- Record literals {x = 1, y = 2}, nested records and numeric field names.

def origin = {x = 0.0f32, y = 0.0f32}

def config = {name_len = 4i64, verbose = false, ratio = 0.75f64}

-- | Nested record literal.
def rect = {top_left = {x = 0i32, y = 0i32}, size = {w = 10i32, h = 20i32}}

-- | Numbered fields make a record equivalent to a tuple.
def as_tuple : (i32, bool) = {0 = 7, 1 = true}

-- | Record literal with computed fields and a trailing comma.
def make (a: i32) (b: f32) = {a = a * 2, b = b / 2.0, sum = f32.i32 a + b,}

entry main (a: i32) (b: f32) : (i32, f32, f32) =
  let r = make a b
  in (r.a, r.b, r.sum)

entry nested : (i32, i32, bool) = (rect.size.w * rect.size.h, as_tuple.0, config.verbose)
