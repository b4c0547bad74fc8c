-- Function result aliases a free (top-level) variable.
-- ==
-- error: Function result aliases the free variable "palette"

def palette : []u32 = [0xff0000, 0x00ff00, 0x0000ff]

def get_palette (_dummy: i32) : []u32 = palette
