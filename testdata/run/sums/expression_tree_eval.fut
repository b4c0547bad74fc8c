-- description: evaluating a small postfix expression program with a stack of values and an instruction sum type.
-- ==
-- input { [0, 0, 1, 0, 2] [3, 4, 0, 5, 0] } output { 35 }
-- input { [0, 0, 3] [10, 4, 0] } output { 6 }

type instr = #push i32 | #add | #mul | #sub

def decode (op: i32) (arg: i32) : instr =
  match op
  case 0 -> #push arg
  case 1 -> #add
  case 2 -> #mul
  case _ -> #sub

def main [n] (ops: [n]i32) (args: [n]i32) =
  let (stack, sp) =
    loop (stack, sp) = (replicate n 0i32, 0i64) for i < n do
      match decode ops[i] args[i]
      case #push v -> (stack with [sp] = v, sp + 1)
      case #add -> (stack with [sp - 2] = stack[sp - 2] + stack[sp - 1], sp - 1)
      case #mul -> (stack with [sp - 2] = stack[sp - 2] * stack[sp - 1], sp - 1)
      case #sub -> (stack with [sp - 2] = stack[sp - 2] - stack[sp - 1], sp - 1)
  in stack[sp - 1]
