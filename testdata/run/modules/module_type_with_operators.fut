-- description: a module defining an infix operator, used qualified and after open.
-- ==
-- input { 3 4 } output { 25 25 }

module pyth = {
  def (<+>) (a: i32) (b: i32) = a * a + b * b
}

def qualified (a: i32) (b: i32) = a pyth.<+> b

open pyth

def main (a: i32) (b: i32) = (qualified a b, a <+> b)
