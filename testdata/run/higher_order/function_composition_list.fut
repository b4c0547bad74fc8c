-- description: composing a function n times with a loop over functions.
-- ==
-- input { 3 2 } output { 16 }
-- input { 0 7 } output { 7 }

def compose_n (n: i32) (f: i32 -> i32) (x: i32) = loop x for _i < n do f x

def main (n: i32) (x: i32) = compose_n n (* 2) x
