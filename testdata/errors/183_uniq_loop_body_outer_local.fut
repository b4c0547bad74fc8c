-- Consuming inside a loop body a locally allocated array bound outside the loop.
-- ==
-- error: Consuming variable "marks", which is not consumable

def count_distinct (xs: []i64) (k: i64) : i64 =
  let marks = replicate k false
  in loop c = 0 for x in xs do
       if marks[x] then c
       else let marks[x] = true in c + 1
