-- description: an option type with a polymorphic payload, and safe division.
-- ==
-- input { 10 2 } output { true 5 }
-- input { 10 0 } output { false -1 }

type option 'a = #some a | #none

def safe_div (a: i32) (b: i32) : option i32 = if b == 0 then #none else #some (a / b)

def get_or 'a (d: a) (o: option a) : a =
  match o
  case #some x -> x
  case #none -> d

def is_some 'a (o: option a) = match o case #some _ -> true case #none -> false

def main (a: i32) (b: i32) =
  let r = safe_div a b
  in (is_some r, get_or (-1) r)
