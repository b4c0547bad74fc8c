-- A bounded stack machine interpreter: instructions as sum types, records with nested updates.

type instr = #push i32 | #add | #mul | #dup | #swap | #pop

type machine [n] = {stack: {data: [n]i32, top: i64}, steps: i32}

-- | Execute one instruction; the stack is updated functionally.
def exec [n] (m: machine [n]) (i: instr) : machine [n] =
  let s = m.stack
  let peek k = s.data[s.top - k]
  let m = m with steps = m.steps + 1
  in match i
     case #push v ->
       m with stack.data = (copy s.data with [s.top + 1] = v) with stack.top = s.top + 1
     case #add -> m with stack.data = (copy s.data with [s.top - 1] = peek 1 + peek 0)
                    with stack.top = s.top - 1
     case #mul -> m with stack.data = (copy s.data with [s.top - 1] = peek 1 * peek 0)
                    with stack.top = s.top - 1
     case #dup -> m with stack.data = (copy s.data with [s.top + 1] = peek 0) with stack.top = s.top + 1
     case #swap ->
       let d = copy s.data
       let d[s.top] = peek 1
       let d[s.top - 1] = peek 0
       in m with stack.data = d
     case #pop -> m with stack.top = s.top - 1

-- | Decode an instruction from an opcode and argument.
def decode (op: i32) (arg: i32) : instr =
  match op
  case 0 -> #push arg
  case 1 -> #add
  case 2 -> #mul
  case 3 -> #dup
  case 4 -> #swap
  case _ -> #pop

entry run [k] (ops: [k]i32) (args: [k]i32) : (i32, i32) =
  let init : machine [16] = {stack = {data = replicate 16 0, top = -1}, steps = 0}
  let final = loop m = init for (op, arg) in zip ops args do exec m (decode op arg)
  in (assert (final.stack.top >= 0) final.stack.data[final.stack.top], final.steps)
