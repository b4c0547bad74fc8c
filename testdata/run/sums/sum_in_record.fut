-- description: a record field holding a sum type, matched through projection.
-- ==
-- input { true 4 } output { 16 }
-- input { false 4 } output { 4 }

type kind = #squared | #plain
type item = {k: kind, v: i32}

def eval (it: item) = match it.k case #squared -> it.v * it.v case #plain -> it.v

def main (sq: bool) (v: i32) = eval {k = if sq then #squared else #plain, v}
