-- description: a loop whose state is an array, repeatedly applying a map (prefix doubling).
-- ==
-- input { 3 [1, 2, 3] } output { [8, 16, 24] }
-- input { 0 [5] } output { [5] }

def main (k: i32) (xs: []i32) = loop ys = xs for _i < k do map (* 2) ys
