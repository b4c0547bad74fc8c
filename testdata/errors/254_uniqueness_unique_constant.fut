-- A top-level constant (a definition without parameters) is shared by all its uses, so it cannot have a unique type.
-- ==
-- error: A top-level constant cannot have a unique type

def zeros : *[]i32 = replicate 8 0

def main (i: i64) : i32 = zeros[i]
