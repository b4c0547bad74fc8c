-- A variable bound to a size expression stands for that expression after its
-- `let`; a lambda's parameter may name the size of a later parameter; a
-- lambda's existential return type hides the body's size.

def extended (n: i64) : [n * 2]i64 =
  let twice = n * 2
  in iota twice

type^ measure = (len: i64) -> [len]f32 -> f32

def total : measure = \len (xs: [len]f32) -> f32.sum xs + f32.i64 len

def first_len (ns: []i64) =
  let upto = \(n: i64) : (?[k].[k]i64) -> iota n
  in length (upto ns[0])
