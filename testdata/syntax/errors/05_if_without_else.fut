-- `if` without `else`.
def sign (x: i32) = if x < 0 then -1
def zero = 0
