-- The result of calling function parameter `gen` may alias anything `gen` captured, so it is not consumable.
-- ==
-- error: Consuming variable "gen", which is not consumable

def build (gen: i64 -> []i32) (n: i64) : i32 =
  let row = gen n
  let row[0] = 7
  in row[0]
