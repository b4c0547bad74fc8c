-- Refining several types in one module type and in a functor's result.

module type graph = {
  type node
  type weight
  val edges : [3](node, node, weight)
}

module type int_graph = graph with node = i32 with weight = f32

module tiny : int_graph = {
  type node = i32
  type weight = f32
  def edges : [3](i32, i32, f32) = [(0, 1, 1.5), (1, 2, 2.5), (2, 0, 0.5)]
}

-- | A functor whose result signature refers to the argument's type.
module total_weight (G: graph with weight = f32) : { val total : f32 val count : i64 } = {
  def total : f32 = f32.sum (map (.2) G.edges)
  def count : i64 = length G.edges
}

module tw = total_weight tiny

entry main : (f32, i64) = (tw.total, tw.count)
