-- A size-lifted type parameter cannot stand for a non-lifted one of another function.
-- ==
-- error: array element

def first_of 'e (gen: i64 -> e) : e = (tabulate 3 gen)[0]

def wrap '~r (gen: i64 -> r) : r = first_of gen
