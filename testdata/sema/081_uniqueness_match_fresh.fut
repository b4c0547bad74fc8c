-- Uniqueness: a match whose arms return fresh arrays, then an in-place update.

type kind = #zeros | #ones | #ramp

def gen (k: kind) (n: i64) : *[]f32 =
  match k
  case #zeros -> replicate n 0
  case #ones -> replicate n 1
  case #ramp -> map f32.i64 (iota n)

def gen_marked (k: kind) (n: i64) : []f32 =
  let xs = gen k n
  in xs with [0] = -1
