-- description: a lifted sum type whose constructor carries a function.
-- ==
-- input { 5 } output { 10 5 }

type^ action = #apply (i32 -> i32) | #skip

def run (a: action) (x: i32) = match a case #apply f -> f x case #skip -> x

def main (x: i32) = (run (#apply (* 2)) x, run #skip x)
