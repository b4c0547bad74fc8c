-- description: anonymous sizes `[]` in parameter types accept any length.
-- ==
-- input { [1, 2, 3] [4] } output { 4i64 }
-- input { empty([0]i32) empty([0]i32) } output { 0i64 }

def total_len (a: []i32) (b: []i32) = length a + length b

def main (a: []i32) (b: []i32) = total_len a b
