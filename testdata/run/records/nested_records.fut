-- description: nested records: deep field access and nested update.
-- ==
-- input { 5 } output { 5 6 0 }

type inner = {a: i32, b: i32}
type outer = {left: inner, right: inner}

def main (v: i32) =
  let o : outer = {left = {a = v, b = 0}, right = {a = 0, b = 0}}
  let o2 = o with left.b = v + 1
  in (o2.left.a, o2.left.b, o2.right.b)
