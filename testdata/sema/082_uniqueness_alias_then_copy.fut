-- Aliases: reading through an alias is fine before consumption; `copy` makes the later use safe.

def process (xs: *[]i32) : (i32, []i32, []i32) =
  let view = xs[1:]
  let first_tail = view[0]
  let saved = copy view
  let xs[0] = first_tail
  in (first_tail, saved, xs)
