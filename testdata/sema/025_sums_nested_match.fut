-- Sum types: nested patterns, literal patterns and a final wildcard.

type res = #ok i32 | #err u8
type opt = #some res | #none

def describe (o: opt) : i32 =
  match o
  case #none -> -1
  case #some (#err 0) -> -2
  case #some (#err code) -> -(i32.u8 code)
  case #some (#ok x) -> x

def ints (x: i32) : bool =
  match x
  case 0 -> false
  case _ -> true
