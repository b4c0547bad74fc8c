-- A module type that includes two module types both specifying `elem` is accepted with a warning.
-- ==
-- warning: Inclusion shadows type

module type has_elem = { type elem }
module type has_elem_and_zero = { type elem val zero : elem }

module type both = {
  include has_elem
  include has_elem_and_zero
}
