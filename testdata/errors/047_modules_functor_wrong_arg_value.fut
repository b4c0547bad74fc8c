-- Functor applied to wrong module: the argument's `size` is an i32, not an i64.
-- ==
-- error: Module type specifies

module type config = {
  val size: i64
}

module table (C: config) = {
  def blank = replicate C.size 0f32
}

module t = table { def size = 8i32 }
