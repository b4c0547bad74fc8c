-- description: in a local open `M.(e)`, the module's names hide local
-- variables bound before it (also through a nested open), while variables
-- bound inside the open, and names the module lacks, stay visible.
-- ==
-- input { 1 } output { 6 12 7 }

module outer = {
  module inner = {
    def x = 4
  }

  def x = 2
  def y = 3
}

def main (x: i32) =
  let y = 100
  in ( x + outer.(x + y)
     , x + outer.(x + inner.(x) + let x = 5 in x)
     , outer.(let y = 6 in x - 1 + y)
     )
