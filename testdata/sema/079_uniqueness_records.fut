-- Uniqueness through records: a unique record parameter updated in place.

type~ state = {buf: []f32, pos: i64}

def push (s: *state) (x: f32) : *state =
  let s' = s with pos = s.pos + 1
  in s' with buf = (copy s'.buf with [s.pos] = x)

def fresh (n: i64) : state = {buf = replicate n 0, pos = 0}
