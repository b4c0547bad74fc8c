-- Unknown variable: `tmp` was bound inside a nested let-in and is out of scope.
-- ==
-- error: Unknown name "tmp"

def hypot (x: f32) (y: f32) : f32 =
  let r = (let tmp = x*x + y*y in f32.sqrt tmp)
  in if tmp == 0 then 0 else r
