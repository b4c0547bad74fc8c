-- description: the same size-polymorphic function used on arrays of different sizes in one body.
-- ==
-- input { [1, 2, 3] [4, 5] } output { 3i64 2i64 [1, 2, 3, 4, 5] }
-- input { empty([0]i32) empty([0]i32) } output { 0i64 0i64 empty([0]i32) }

def len [n] 'a (_: [n]a) = n

def main (a: []i32) (b: []i32) = (len a, len b, a ++ b)
