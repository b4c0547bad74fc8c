-- description: sum payloads destructured directly in the constructor pattern, with a wildcard payload.
-- ==
-- input { 1 } output { 3 }
-- input { 2 } output { 0 }

type shape = #seg (i32, i32) | #dot i32

def len (s: shape) = match s case #seg (a, b) -> b - a case #dot _ -> 0

def main (k: i32) = len (if k == 1 then #seg (2, 5) else #dot 9)
