-- description: a hand-written fold taking the combining function as a parameter.
-- ==
-- input { [1, 2, 3, 4] } output { 10 24 4 }
-- input { empty([0]i32) } output { 0 1 -2147483648 }

def fold 'a 'b (f: b -> a -> b) (z: b) (xs: []a) : b = loop acc = z for x in xs do f acc x

def main (xs: []i32) = (fold (+) 0 xs, fold (*) 1 xs, fold i32.max i32.lowest xs)
