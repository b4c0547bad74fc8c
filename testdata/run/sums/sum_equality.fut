-- description: equality on sum type values compares constructors and payloads.
-- ==
-- input { 3 } output { true false false }
-- input { -1 } output { true false false }

type t = #a i32 | #b i32

def main (x: i32) =
  let v1 : t = #a x
  let v2 : t = #a x
  let v3 : t = #b x
  let v4 : t = #a (x + 1)
  in (v1 == v2, v1 == v3, v1 == v4)
