-- Module system: a functor whose result exposes a type built from the argument's type.

module type elem = { type t val default: t }

module buffer (E: elem) = {
  type buf [n] = [n]E.t
  def blank (n: i64) : buf [n] = replicate n E.default
  def set [n] (b: *buf [n]) (i: i64) (x: E.t) : *buf [n] = b with [i] = x
}

module bytes = buffer { type t = u8 def default = 0u8 }

def hello = bytes.set (bytes.blank 4) 0 'h'
