-- Equality: the operands of `==` have a type nothing determines.
-- ==
-- error: does not support equality

def same a b = a == b
