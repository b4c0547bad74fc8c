-- error: A size-polymorphic value binding may not have a type with an existential size
-- A value with a size parameter and no value parameters: its type may
-- not have a size only its definition computes.
def evens [k] = filter (\i -> i % 2 == 0) (iota k)
