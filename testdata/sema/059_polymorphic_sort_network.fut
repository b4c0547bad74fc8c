-- A polymorphic function taking a comparison function, used at two types.

def sort3 't (lte: t -> t -> bool) (a: t) (b: t) (c: t) : (t, t, t) =
  let (a, b) = if lte a b then (a, b) else (b, a)
  let (b, c) = if lte b c then (b, c) else (c, b)
  let (a, b) = if lte a b then (a, b) else (b, a)
  in (a, b, c)

def s1 = sort3 (<=) 3i32 1 2
def s2 = sort3 (\(x: f32, _: i32) (y, _) -> x <= y) (1, 0) (0.5, 1) (2, 2)
