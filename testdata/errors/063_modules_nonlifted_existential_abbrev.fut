-- Type abbreviation: a plain `type` may not hide an unknown array size (needs `type~`).
-- ==
-- error: Non-lifted type abbreviations may not use existential sizes

type histogram = []i64

def empty_hist : histogram = []

def add_bin (h: histogram) (c: i64) : histogram = h ++ [c]
