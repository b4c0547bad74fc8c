-- Prefix operators: unary minus and ! on booleans and integers.

def neg (x: f32) : f32 = -x

def double_neg (x: i32) : i32 = - (-x)

def not_all (xs: []bool) : bool = !(and xs)

-- | Unary minus binds tighter than infix operators: (-a) * b.
def tight (a: i32) (b: i32) : i32 = -a * b

def complement (x: u8) : u8 = !x

entry main (x: f32) (y: i32) : (f32, i32, i32) = (neg x, double_neg y, tight y 3)

entry flags (xs: []bool) (b: u8) : (bool, []bool, u8) =
  (not_all xs, map (\x -> !x) xs, complement b)
