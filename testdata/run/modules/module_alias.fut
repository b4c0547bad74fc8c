-- description: module aliases refer to the same definitions.
-- ==
-- input { -5 } output { 5 5 }
-- input { 7 } output { 7 7 }

module I = i32
module J = I

def main (x: i32) = (I.abs x, J.abs x)
