-- description: calling named functions infix with backticks, including qualified names.
-- ==
-- input { 7 3 } output { 3 7 10 }
-- input { -1 -1 } output { -1 -1 -2 }

def plus (a: i32) (b: i32) = a + b

def main (a: i32) (b: i32) = (a `i32.min` b, a `i32.max` b, a `plus` b)
