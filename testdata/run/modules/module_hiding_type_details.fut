-- description: values of an abstract type pass through polymorphic prelude functions (arrays of abstract values).
-- ==
-- input { [3, 1, 2] } output { 6 [2, 1, 3] }

module type wrapped = {
  type w
  val wrap : i32 -> w
  val unwrap : w -> i32
}

module box : wrapped = {
  type w = {inner: i32}
  def wrap (x: i32) = {inner = x}
  def unwrap (b: w) = b.inner
}

def main (xs: []i32) =
  let ws = map box.wrap xs
  let rev = reverse ws
  in (reduce (+) 0 (map box.unwrap ws), map box.unwrap rev)
