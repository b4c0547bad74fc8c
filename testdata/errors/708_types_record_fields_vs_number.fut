-- A function's argument is used both as a record (a field is read) and as a number.
-- ==
-- error: with type that must be a record

def same_kind '^f (_: f) (g: f) = g

def pick (n: i64) =
  let chooser = same_kind (\p -> p.size > 0) (\p -> p + 1 > 0)
  in chooser n
