-- Duplicate definition: module body defines `size` twice.
-- ==
-- error: Duplicate definition of name size

module buffer = {
  def size = 1024i64
  def empty = replicate size 0u8
  def size = 2048i64
}
