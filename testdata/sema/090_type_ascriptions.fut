-- Type ascriptions on expressions and let-bound patterns.

def as_f32 = (1 + 2 : f32)

def parse (xs: []u8) : i32 =
  let digits : []i32 = map (\c -> i32.u8 (c - '0')) xs
  in foldl (\acc d -> acc * 10 + d) 0 digits

def empty_rows : [0][3]f32 = []
