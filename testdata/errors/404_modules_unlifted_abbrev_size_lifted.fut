-- A non-lifted type abbreviation that mentions a size-lifted abstract type of the
-- functor's parameter.
-- ==
-- error: may not contain size-lifted

module cache (K: {type~ key}) = {
  type~ k = K.key
  type slot = (k, i64)
}
