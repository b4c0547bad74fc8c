-- Boolean literals and the operations that consume them.

def yes = true
def no : bool = false

-- | Exclusive or, written with boolean operators only.
def xor (a: bool) (b: bool) : bool = (a || b) && !(a && b)

entry truth_table : [4]bool =
  [xor no no, xor no yes, xor yes no, xor yes yes]

entry all_true (xs: []bool) : bool = reduce (&&) true xs

entry any_true (xs: []bool) : bool = reduce (||) false xs

entry count_true (xs: []bool) : i32 = i32.sum (map i32.bool xs)
