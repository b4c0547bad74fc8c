-- A non-lifted type abbreviation whose body is a lifted type parameter, which may be
-- a function type.
-- ==
-- error: Non-lifted type abbreviations may not contain functions.

module type boxes = {
  type box '^a
}

module b : boxes = {
  type box '^a = (a, i32)
}
