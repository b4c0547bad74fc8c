-- description: nested constructor patterns on a sum type containing another sum type.
-- ==
-- input { 0 5 } output { 5 }
-- input { 1 5 } output { -5 }
-- input { 2 5 } output { 0 }
-- input { 3 5 } output { 50 }

type sign = #pos | #neg
type num = #signed sign i32 | #zero | #scaled (sign, i32) i32

def value (n: num) : i32 =
  match n
  case #signed #pos v -> v
  case #signed #neg v -> -v
  case #zero -> 0
  case #scaled (#pos, v) k -> v * k
  case #scaled (#neg, v) k -> -(v * k)

def main (k: i32) (v: i32) =
  let n : num = match k
                case 0 -> #signed #pos v
                case 1 -> #signed #neg v
                case 2 -> #zero
                case _ -> #scaled (#pos, v) 10
  in value n
