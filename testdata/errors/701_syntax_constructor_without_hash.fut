-- A sum type's second constructor is missing its `#`.
-- ==
-- error: Unexpected token: 'green'

type colour = #red | green
