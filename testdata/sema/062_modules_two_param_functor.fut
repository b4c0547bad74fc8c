-- Module system: a functor with two module parameters.

module type key = { type k val hash: k -> u32 }
module type value = { type v val zero: v }

module table (K: key) (V: value) = {
  def bucket (n: i64) (x: K.k) : i64 = i64.u32 (K.hash x) % n
  def empty (n: i64) : [n]V.v = replicate n V.zero
}

module t = table { type k = i32 def hash (x: i32) = u32.i32 x * 2654435761 }
                 { type v = f32 def zero = 0f32 }

def b = t.bucket 16 12345
def e = t.empty 4
