-- An abstract bounded stack of i32 (a size-lifted type~, since it hides an array size), implemented with an array and a counter.

module type stack = {
  type~ t
  val empty : i64 -> t
  val push : i32 -> t -> t
  val pop : t -> t
  val top : t -> i32
  val size : t -> i64
}

module array_stack : stack = {
  type~ t = ([]i32, i64)
  def empty (cap: i64) : t = (replicate cap 0, 0)
  def push (x: i32) ((data, n): t) : t = (copy data with [n] = x, n + 1)
  def pop ((data, n): t) : t = (data, n - 1)
  def top ((data, n): t) = data[n - 1]
  def size ((_, n): t) = n
}
