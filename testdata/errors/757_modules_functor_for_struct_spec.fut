-- The module type specifies a plain submodule; the module gives a
-- parametric one.
-- ==
-- error: Cannot match parametric module with non-parametric module type

module type has_config = {
  module config: {val depth : i64}
}

module app : has_config = {
  module config (P: {val base : i64}) = {def depth = P.base + 1}
}
