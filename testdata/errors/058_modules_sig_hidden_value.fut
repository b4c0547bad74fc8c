-- Accessing a value that the ascribed signature hides.
-- ==
-- error: Unknown name "fifo.capacity"

module type queue = {
  type t
  val empty: t
}

module fifo : queue = {
  type t = [4]i32
  def capacity = 4i64
  def empty : t = replicate 4 0
}

def cap = fifo.capacity
