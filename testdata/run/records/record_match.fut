-- description: matching on record patterns with literal fields.
-- ==
-- input { 0 5 } output { 5 }
-- input { 1 5 } output { 10 }
-- input { 2 5 } output { -1 }

def main (tag: i32) (v: i32) =
  match {tag, v}
  case {tag = 0, v} -> v
  case {tag = 1, v} -> v * 2
  case _ -> -1
