-- description: in-place updates of a fresh per-row copy inside a map.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[0, 2, 3], [0, 5, 6]] }
-- input { [[9]] } output { [[0]] }

def main (m: [][]i32) = map (\row -> copy row with [0] = 0) m
