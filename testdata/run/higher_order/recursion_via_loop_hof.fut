-- description: repeatedly applying a function given as argument until a fixpoint.
-- ==
-- input { 100 } output { 1 }
-- input { 1 } output { 1 }

def fixpoint (f: i32 -> i32) (x: i32) = loop x while f x != x do f x

-- Halving (rounding up), which reaches 1 and stays there.
def main (x: i32) = fixpoint (\v -> (v + 1) / 2) x
