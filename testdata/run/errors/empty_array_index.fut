-- description: any index into an empty array is out of bounds (e.g. head of an empty array).
-- ==
-- input { empty([0]i32) } error: out of bounds
-- input { [7] } output { 7 }

def main (xs: []i32) = head xs
