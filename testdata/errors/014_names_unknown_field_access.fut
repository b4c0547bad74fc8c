-- Unknown field: the record has `re` and `im`, not `real`.
-- ==
-- error: Attempt to access field "real"

type complex = {re: f64, im: f64}

def magnitude (c: complex) : f64 =
  f64.sqrt (c.real * c.real + c.im * c.im)
