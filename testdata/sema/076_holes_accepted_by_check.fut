-- Typed holes `???` are accepted by `futhark check` (with a warning about the hole's type).

def todo_score (xs: []f32) : f32 =
  let base = f32.sum xs
  in base + ???

def later (x: i32) : i32 = ???
