-- description: a backward pipeline with <|.
-- ==
-- input { [1, 2, 3] } output { 12 }
-- input { empty([0]i32) } output { 0 }

def main (xs: []i32) = i32.sum <| map (* 2) <| xs
