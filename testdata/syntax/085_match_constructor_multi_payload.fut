-- Constructors with several payload values, e.g. #node l r.

-- | A fixed-depth (non-recursive) tree shape: a leaf or a node with two values.
type tree = #leaf i32 | #node i32 i32 | #triple i32 i32 i32

def total (t: tree) : i32 =
  match t
  case #leaf x -> x
  case #node l r -> l + r
  case #triple a b c -> a + b + c

def depth (t: tree) : i32 =
  match t
  case #leaf _ -> 0
  case #node _ _ -> 1
  case #triple _ _ _ -> 2

-- | Constructors with array and tuple payloads (array payloads need parentheses).
type packet = #empty | #data ([4]u8) i32 | #pair (f32, f32) bool

def weight (p: packet) : f32 =
  match p
  case #empty -> 0.0
  case #data bytes n -> f32.u8 bytes[0] + f32.i32 n
  case #pair (x, y) flag -> if flag then x + y else x - y

entry main (x: i32) (y: i32) : (i32, i32, i32) =
  let t : tree = if x > y then #node x y else #triple x y (x + y)
  in (total t, depth t, total (#leaf x))

entry w (x: f32) : f32 = weight (#pair (x, 1.0) true) + weight #empty
