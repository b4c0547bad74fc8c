-- Recursion: `is_even` refers to `is_odd`, which is only defined later.
-- ==
-- error: Unknown name "is_odd"

def is_even (n: i32) : bool =
  if n == 0 then true else is_odd (n - 1)

def is_odd (n: i32) : bool =
  if n == 0 then false else is_even (n - 1)
