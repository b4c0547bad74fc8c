-- description: a polymorphic either type used for validation results.
-- ==
-- input { [5, -1, 12] } output { [5, -1, -2] }
-- input { [0, 10, 11] } output { [0, 10, -2] }

type either 'e 'a = #left e | #right a

def validate (x: i32) : either i32 i32 =
  if x < 0 then #left (-1) else if x > 10 then #left (-2) else #right x

def collapse (r: either i32 i32) = match r case #left e -> e case #right v -> v

def main (xs: []i32) = map (validate >-> collapse) xs
