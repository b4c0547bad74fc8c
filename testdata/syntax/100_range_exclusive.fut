-- Exclusive upward ranges: 0..<n.

def evens_below (n: i64) : []i64 = filter (\i -> i % 2 == 0) (0..<n)

-- | The range has a known size n.
def squares (n: i64) : [n]i64 = map (\i -> i * i) (0..<n)

-- | Ranges of other integer types.
def small_range : []i32 = 0..<10

def offset (a: i64) (b: i64) : []i64 = a..<b

entry main (n: i64) : ([]i64, [n]i64) = (evens_below n, squares n)

entry others (a: i64) (b: i64) : ([]i32, []i64) = (copy small_range, offset a b)
