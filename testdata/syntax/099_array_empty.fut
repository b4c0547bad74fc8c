-- Empty array literals, which need a type ascription or known context.

def no_ints : []i32 = []

def no_floats = [] : []f32

-- | Empty nested array with an explicit inner size.
def no_rows = [] : [0][3]f64

-- | Appending to an empty array.
def singleton (x: i32) : []i32 = ([] : []i32) ++ [x]

def is_empty 't (xs: []t) : bool = length xs == 0

entry main (x: i32) : ([]i32, []f32, [0][3]f64, []i32) = (copy no_ints, copy no_floats, copy no_rows, singleton x)

entry checks : (bool, bool) = (is_empty no_ints, is_empty (singleton 1))
