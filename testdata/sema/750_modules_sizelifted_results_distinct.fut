-- A size-lifted abstract type used twice in a function's result: the two
-- results may have different sizes.

module type buffers = {
  type~ buf
  val pair : i64 -> (buf, buf)
  val grow : buf -> (buf, buf)
}

module bool_buffers : buffers = {
  type~ buf = []bool
  def pair (n: i64) = (replicate n true, replicate (n + 1) false)
  def grow (b: buf) = (b, b ++ [true])
}

module refined : buffers with buf = ?[k].[k]bool = {
  type~ buf = []bool
  def pair (n: i64) = (replicate n true, [])
  def grow (b: buf) = (b, tail b)
}
