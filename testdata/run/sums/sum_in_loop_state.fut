-- description: a state machine whose state is a sum type carried through a loop.
-- ==
-- input { [1, 1, 0, 1, 1, 1] } output { 3 }
-- input { empty([0]i32) } output { 0 }

-- Longest run of ones.
type state = #in_run i32 | #outside

def main (bits: []i32) =
  let (_, best) =
    loop (st, best) = (#outside : state, 0) for b in bits do
      match (st, b)
      case (#outside, 1) -> (#in_run 1, i32.max best 1)
      case (#in_run k, 1) -> (#in_run (k + 1), i32.max best (k + 1))
      case (_, _) -> (#outside, best)
  in best
