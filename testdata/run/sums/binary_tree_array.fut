-- description: a tree stored in an array of sum-typed nodes, summed by an explicit-stack traversal.
-- ==
-- input { } output { 10 }

type node = #leaf i32 | #branch i64 i64

def main =
  -- Node 0 branches to 1 and 2; node 2 branches to 3 and 4.
  let tree : []node = [#branch 1 2, #leaf 1, #branch 3 4, #leaf 4, #leaf 5]
  let (total, _, _) =
    loop (total, stack, sp) = (0, replicate 5 0i64, 1i64) while sp > 0 do
      let i = stack[sp - 1]
      let sp = sp - 1
      in match tree[i]
         case #leaf v -> (total + v, stack, sp)
         case #branch l r -> (total, stack with [sp] = l with [sp + 1] = r, sp + 2)
  in total
