-- description: scan with || marks everything after the first true.
-- ==
-- input { [false, false, true, false, true] } output { [false, false, true, true, true] }

def main (xs: []bool) = scan (||) false xs
