-- Prelude-style reductions: i32.sum, f32.product, and, or.

def total (xs: []i32) : i32 = i32.sum xs
def prod (xs: []f32) : f32 = f32.product xs
def all_true (bs: []bool) : bool = and bs
def any_true (bs: []bool) : bool = or bs
def mixed (xs: []i64) = (i64.sum xs, i64.product xs, i64.maximum xs, i64.minimum xs)
