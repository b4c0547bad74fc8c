-- A `with` refinement must give the abstract type the same parameters: `elem` takes a
-- type parameter in the module type but the refinement gives it none.
-- ==
-- error: Cannot refine a type

module type container = {
  type elem 'a
  val wrap 'a : a -> elem a
}

module type int_container = container with elem = i32
