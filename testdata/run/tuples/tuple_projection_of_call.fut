-- description: projecting components directly from function results `(f x).1`.
-- ==
-- input { 17 5 } output { 2 3 }

def divmod (a: i32) (b: i32) = (a / b, a % b)

def main (a: i32) (b: i32) = ((divmod a b).1, (divmod a b).0)
