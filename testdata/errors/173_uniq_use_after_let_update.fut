-- Use after consume: the original `buf` is read after the `let buf2[i] = ...` style update.
-- ==
-- error: Using variable "buf", but this was consumed

def write_two (buf: *[]u8) (i: i64) : u8 =
  let out = copy buf
  let buf2 = buf with [i] = 1
  let buf2[i + 1] = 2
  in buf[i] + out[i] + buf2[0]
