-- Plain decimal integer literals, defaulting, and integer arithmetic.

-- | The answer, as an unsuffixed literal (defaults to i32).
def answer : i32 = 42

def zero = 0i32
def big : i64 = 9223372036854775807
def small : i8 = -128

-- | Sum of the first ten positive integers.
def sum_to_ten : i32 = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10

entry main (x: i32) : (i32, i64, i8) =
  (x + answer + zero + sum_to_ten, big - 1, small + 1)
