-- Function application: multiple arguments, partial application, nesting.

def add3 (a: i32) (b: i32) (c: i32) : i32 = a + b + c

-- | Partial application yields a function value.
def add_ten_and : i32 -> i32 -> i32 = add3 10

def apply_twice (f: i32 -> i32) (x: i32) : i32 = f (f x)

def compose (f: i32 -> i32) (g: i32 -> i32) (x: i32) : i32 = f (g x)

entry main (x: i32) : (i32, i32, i32, i32) =
  ( add3 1 2 3
  , add_ten_and x 5
  , apply_twice (add3 1 1) x
  , compose (apply_twice (* 2)) (+ 1) x
  )

-- | Application to parenthesised and array-literal arguments.
entry nested (xs: []i32) : i32 = i32.sum (map (add3 0 0) (concat xs [1, 2, 3]))
