-- description: a for loop can count down by computing the index; builds a reversed copy element by element.
-- ==
-- input { [1, 2, 3] } output { [3, 2, 1] }
-- input { empty([0]i32) } output { empty([0]i32) }

def main [n] (xs: [n]i32) =
  loop out = replicate n 0 for i < n do out with [i] = xs[n - 1 - i]
