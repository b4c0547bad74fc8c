-- error: Type parameter "q" of "pick" would escape its scope
-- The outer parameter's type is not known yet when the local function is
-- checked, but its first field has already become the local type `q`.
def outer r =
  let pick 'q (v: q) = if false then v else r.0
  let (_, _: f32) = r
  in pick
