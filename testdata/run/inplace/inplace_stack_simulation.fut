-- description: bracket matching with an explicit stack array updated in place.
-- ==
-- input { "(()())" } output { true }
-- input { "(()" } output { false }
-- input { "())(" } output { false }

def main [n] (s: [n]u8) =
  let (_, depth, ok) =
    loop (stack, depth, ok) = (replicate n 0u8, 0i64, true) for c in s do
      if !ok then (stack, depth, ok)
      else if c == '(' then (stack with [depth] = c, depth + 1, ok)
      else if depth == 0 then (stack, depth, false)
      else (stack, depth - 1, ok)
  in ok && depth == 0
