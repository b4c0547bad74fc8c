-- Type abbreviation: a plain `type` may not contain a function type (needs `type^`).
-- ==
-- error: Non-lifted type abbreviations may not contain functions

type predicate = i32 -> bool

def keep_if (p: predicate) (xs: []i32) = filter p xs
