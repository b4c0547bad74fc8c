-- Aliasing through `match`: both arms return the same array.
-- ==
-- error: Using variable "arr", but this was consumed

type dir = #fwd | #back

def touch (d: dir) (arr: *[]u32) : u32 =
  let sel = match d
            case #fwd -> arr
            case #back -> arr
  let sel[0] = 1
  in arr[1]
