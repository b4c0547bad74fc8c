-- description: scan with || marks everything after the first true.
-- ==
-- input { [false, false, true, false, true] } output { [false, false, true, true, true] }
-- input { empty([0]bool) } output { empty([0]bool) }

def main (xs: []bool) = scan (||) false xs
