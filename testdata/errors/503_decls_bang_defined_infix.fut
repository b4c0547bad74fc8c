-- `!` is a prefix operator: it cannot be defined as an infix one.
-- ==
-- error: cannot be used as infix

def a ! b : bool = a && !b

def main (p: bool) (q: bool) = p ! q
