-- description: a functor that builds an option-like sum type over its argument's type.
-- ==
-- input { 3 } output { 3 -1 }

module type has_default = { type t val default : t }

module optional (D: has_default) = {
  type opt = #some D.t | #none
  def get_or_default (o: opt) : D.t = match o case #some x -> x case #none -> D.default
}

module oi = optional { type t = i32 def default = -1i32 }

def main (x: i32) = (oi.get_or_default (#some x), oi.get_or_default #none)
