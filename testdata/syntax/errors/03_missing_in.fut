-- A `let` with no body.
def f (x: i32) =
  let y = x + 1

entry main = f 1
