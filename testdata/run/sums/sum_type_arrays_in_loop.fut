-- description: an array of sum-typed cells updated in place inside a loop (a tiny cellular automaton on tagged states).
-- ==
-- input { 3 } output { [0, 1, 1, 1, 1] }
-- input { 4 } output { [0, 1, 1, 1, 2] }
-- input { 0 } output { [0, 1, 0, 0, 1] }

type cell = #empty | #alive | #dead

def code (c: cell) = match c case #empty -> 0 case #alive -> 1 case #dead -> 2

def main (steps: i32) =
  let cells : *[5]cell = [#empty, #alive, #empty, #empty, #alive]
  let cells =
    loop cells for s < steps do
      let i = i64.i32 s + 1
      in if i < 4 then cells with [i] = #alive else cells with [4] = #dead
  in map code cells
