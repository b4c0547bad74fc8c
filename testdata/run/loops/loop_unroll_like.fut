-- description: loop over a literal array of step sizes.
-- ==
-- input { 100 } output { 111 }

def main (x: i32) = loop acc = x for step in [1, 10, 0] do acc + step
