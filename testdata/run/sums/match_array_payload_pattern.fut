-- description: match binding a whole tuple payload and projecting inside the branch.
-- ==
-- input { 2 5 } output { 10 }
-- input { 0 5 } output { 5 }

type op = #scale (i32, i32) | #ident i32

def apply (o: op) = match o case #scale p -> p.0 * p.1 case #ident x -> x

def main (k: i32) (x: i32) = apply (if k == 0 then #ident x else #scale (k, x))
