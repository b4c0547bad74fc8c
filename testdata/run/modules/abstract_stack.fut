-- description: an abstract stack type from an imported module; only the interface is used.
-- ==
-- input { [1, 2, 3] } output { 3 3i64 2 }
-- input { [7, 8] } output { 8 2i64 7 }

import "lib/stack"

def main (xs: []i32) =
  let s = loop s = array_stack.empty (length xs) for x in xs do array_stack.push x s
  let t = array_stack.top s
  let n = array_stack.size s
  in (t, n, array_stack.top (array_stack.pop s))
