-- A consuming anonymous function may be passed where a consuming one is
-- expected.
def apply_in_place [n] (f: *[n]i64 -> *[n]i64) (xs: *[n]i64) : *[n]i64 = f xs
def main (xs: *[]i64) = apply_in_place (\(ys: *[]i64) -> ys with [0] = 7) xs
