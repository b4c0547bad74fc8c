-- Variable and wildcard patterns in match, binding the scrutinee or ignoring it.

def double_unless_zero (x: i32) : i32 =
  match x
  case 0 -> 0
  case n -> n * 2

def always_seven (x: f32) : i32 =
  match x
  case _ -> 7

-- | Variable patterns inside a tuple.
def first_nonzero (p: (i32, i32)) : i32 =
  match p
  case (0, y) -> y
  case (x, _) -> x

entry main (xs: []i32) : []i32 = map double_unless_zero xs

entry others (x: f32) (a: i32) (b: i32) : (i32, i32) = (always_seven x, first_nonzero (a, b))
