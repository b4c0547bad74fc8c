-- Negated unsuffixed numbers in one array literal take their type from the
-- other elements, from an annotation or from a later use, as plain ones
-- do; negated integers among floats make an array of floats.

def bytes : []i8 = [-128, -1, 0, 127]

def late = [-1, -2, -3] ++ [4i64]

def floats = [-1, -2, 3.5, -4]

def float_first = [-1.5, -2, -3]

def unsigned : []u8 = [1, 2, 3]

def check_types : ([]i8, []i64, []f64, []f64, []u8) =
  (bytes, late, floats, float_first, unsigned)
