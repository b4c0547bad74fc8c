-- `loop` with no `for` or `while`.
def f (n: i32) = loop acc = 0 do acc + n
