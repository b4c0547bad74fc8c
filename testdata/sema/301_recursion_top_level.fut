-- A top-level function is in scope in its own body; without a written
-- return type, the result is inferred from the non-recursive branch.
def gcd (a: i64) (b: i64) = if b == 0 then a else gcd b (a % b)

def count_down [n] (xs: [n]i32) : i32 =
  if n == 0 then 0 else 1 + count_down (tail xs)

def fold_with '^f (op: i32 -> i32) (acc: i32) (k: i64) : i32 =
  if k == 0 then acc else fold_with op (op acc) (k - 1)
