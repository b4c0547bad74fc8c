-- The module's function returns an array of unknown size where the module
-- type says it has the argument's size: accepted, as Futhark does.

module type reorder = {
  type elem
  val flip [n] : [n]elem -> [n]elem
}

module reorder_f32 : reorder with elem = f32 = {
  type elem = f32
  def flip (xs: []f32) : []f32 = reverse xs
}
