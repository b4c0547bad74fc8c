-- Match expressions used inside map and reduce over arrays of sum types.

type op = #add i32 | #mul i32 | #neg | #reset

-- | Apply one instruction to an accumulator.
def step (acc: i32) (o: op) : i32 =
  match o
  case #add x -> acc + x
  case #mul x -> acc * x
  case #neg -> -acc
  case #reset -> 0

-- | Decode instruction codes into operations.
def decode (code: i32) (arg: i32) : op =
  match code
  case 0 -> #add arg
  case 1 -> #mul arg
  case 2 -> #neg
  case _ -> #reset

entry run [n] (codes: [n]i32) (args: [n]i32) : i32 =
  let ops = map2 decode codes args
  in loop acc = 0 for o in ops do step acc o

entry count_adds [n] (codes: [n]i32) (args: [n]i32) : i32 =
  map2 decode codes args
  |> map (\o -> match o case #add _ -> 1 case _ -> 0)
  |> reduce (+) 0
