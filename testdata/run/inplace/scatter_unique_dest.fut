-- description: scatter into a unique parameter array consumed by the call.
-- ==
-- input { [1, 1, 1, 1] } output { [0, 1, 0, 1] }

def main (xs: *[]i32) = scatter xs [0, 2] [0, 0]
