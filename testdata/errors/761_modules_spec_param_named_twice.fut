-- A value spec's function type names two parameters the same.
-- ==
-- error: Name "len" also bound

module type resizer = {
  val resize : (len: i64) -> (len: i64) -> [len]f32
}
