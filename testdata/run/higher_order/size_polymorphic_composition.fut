-- description: composing size-preserving array functions with >-> keeps sizes consistent.
-- ==
-- input { [1, 2, 3] } output { [7, 5, 3] }
-- input { empty([0]i32) } output { empty([0]i32) }

def double [n] (xs: [n]i32) : [n]i32 = map (* 2) xs
def add_one [n] (xs: [n]i32) : [n]i32 = map (+ 1) xs
def rev [n] (xs: [n]i32) : [n]i32 = reverse xs

def main [n] (xs: [n]i32) : [n]i32 = (double >-> add_one >-> rev) xs
