-- A value used with field `width` is later said to be a record with only `height`.
-- ==
-- error: Cannot unify record type with fields

def area r =
  let w = r.width
  in (r : {height: f32}).height * w
