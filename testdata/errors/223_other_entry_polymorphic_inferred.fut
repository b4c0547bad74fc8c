-- Entry point whose parameter type is left to inference becomes polymorphic and is rejected.
-- ==
-- error: Entry point functions may not be polymorphic

entry swap (a, b) = (b, a)
