-- description: projecting a field directly from a function call result and from a parenthesised record literal.
-- ==
-- input { 7 } output { 49 8 }

def stats (x: i32) = {square = x * x, next = x + 1}

def main (x: i32) = ((stats x).square, ({a = x + 1, b = 0}).a)
