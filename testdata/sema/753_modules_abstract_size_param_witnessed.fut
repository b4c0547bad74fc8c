-- Abstract types whose size parameters are array sizes of their definitions
-- (also inside records and other types' arguments) may be made abstract.

module type matrices = {
  type mat [r] [c]
  type labelled [n]
  val zeros : (r: i64) -> (c: i64) -> mat [r] [c]
  val label : (n: i64) -> labelled [n]
}

module dense : matrices = {
  type mat [r] [c] = {rows: [r][c]f32}
  type labelled [n] = (mat [n] [n], [n]bool)
  def zeros (r: i64) (c: i64) : mat [r] [c] = {rows = replicate r (replicate c 0f32)}
  def label (n: i64) : labelled [n] = (zeros n n, replicate n false)
}
