-- `copy` breaks aliasing so the original stays usable after the update.

def patch (xs: *[]f64) : (f64, []f64) =
  let ys = copy xs
  let ys[0] = 0
  in (xs[0], ys)

def both (xs: []i32) : ([]i32, []i32) =
  let a = copy xs with [0] = 1
  let b = copy xs with [0] = 2
  in (a, b)
