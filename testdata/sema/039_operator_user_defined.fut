-- User-defined operators, including a polymorphic one.

def (<+>) (a: (f32, f32)) (b: (f32, f32)) : (f32, f32) = (a.0 + b.0, a.1 + b.1)

def (<&>) 'a (x: a) (b: bool) : (a, bool) = (x, b)

def centroid (ps: [](f32, f32)) : (f32, f32) =
  let (sx, sy) = reduce (<+>) (0, 0) ps
  let n = f32.i64 (length ps)
  in (sx / n, sy / n)

def tagged = 3i32 <&> true
