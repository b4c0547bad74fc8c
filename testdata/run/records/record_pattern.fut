-- description: record patterns in let bindings and function parameters, including field punning.
-- ==
-- input { 3 4 } output { 25 7 }

def norm2 ({x, y}: {x: i32, y: i32}) = x * x + y * y

def main (a: i32) (b: i32) =
  let {x = p, y = q} = {x = a, y = b}
  in (norm2 {x = p, y = q}, p + q)
