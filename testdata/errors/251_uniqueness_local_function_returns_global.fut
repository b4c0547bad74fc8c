-- A local function may not return a top-level array: its result would alias the free variable.
-- ==
-- error: Function result aliases the free variable "palette"

def palette : []u32 = [0xff0000, 0x00ff00, 0x0000ff]

def pick (dark: bool) : []u32 =
  let choose (d: bool) = if d then palette else [0, 0, 0]
  in copy (choose dark)
