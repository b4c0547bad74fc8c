-- description: scan with multiplication on f64 (compound growth).
-- ==
-- input { [1.1, 1.1, 1.1] } output { [1.1, 1.2100000000000002, 1.3310000000000004] }

def main (rates: []f64) = scan (*) 1 rates
