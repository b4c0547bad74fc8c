-- description: constructor patterns with wildcard payloads (`#pair _ _`) and a mix of bound and ignored payloads.
-- ==
-- input { 0 } output { 1 }
-- input { 1 } output { 7 }
-- input { 2 } output { 3 }

type t = #pair i32 i32 | #triple i32 i32 i32 | #single i32

def arity (x: t) =
  match x
  case #pair _ _ -> 1
  case #triple _ b _ -> b
  case #single _ -> 3

def main (k: i32) = arity (if k == 0 then #pair 1 2 else if k == 1 then #triple 1 7 9 else #single 4)
