-- description: an abstract type whose representation is hidden; values only go through the interface.
-- ==
-- input { 10 3 } output { 13 7 }
-- input { -5 5 } output { 0 -10 }

module type money = {
  type cents
  val of_int : i32 -> cents
  val add : cents -> cents -> cents
  val sub : cents -> cents -> cents
  val to_int : cents -> i32
}

module m : money = {
  type cents = i64
  def of_int (x: i32) = i64.i32 x
  def add (a: i64) (b: i64) = a + b
  def sub (a: i64) (b: i64) = a - b
  def to_int (x: i64) = i32.i64 x
}

def main (a: i32) (b: i32) =
  (m.to_int (m.add (m.of_int a) (m.of_int b)), m.to_int (m.sub (m.of_int a) (m.of_int b)))
