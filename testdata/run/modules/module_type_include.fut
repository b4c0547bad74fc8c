-- description: module types extended with `include`.
-- ==
-- input { 6 } output { 7 5 12 }

module type inc = { val inc : i32 -> i32 }
module type inc_dec = { include inc val dec : i32 -> i32 }
module type full = { include inc_dec val dbl : i32 -> i32 }

module ops : full = {
  def inc (x: i32) = x + 1
  def dec (x: i32) = x - 1
  def dbl (x: i32) = x * 2
}

def main (x: i32) = (ops.inc x, ops.dec x, ops.dbl x)
