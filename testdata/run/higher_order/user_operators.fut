-- description: user-defined infix operators; precedence and associativity follow the leading character.
-- ==
-- input { 2 3 4 } output { 14 20 13 }
-- input { 0 0 0 } output { 0 0 11 }

-- `+^` behaves like `+` (left associative, lower than `*`); `*^` like `*`.
def (+^) (a: i32) (b: i32) = a + b
def (*^) (a: i32) (b: i32) = a * b
-- Starting with `-`: same level as `+` and `-`, left associative.
def (-|) (a: i32) (b: i32) = a - b

def main (a: i32) (b: i32) (c: i32) =
  (a +^ b *^ c, (a +^ b) *^ c, a *^ b -| c +^ 11)
