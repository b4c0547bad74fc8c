-- error: \(scope violation\)
-- A parameter's size may not be computed from the parameter itself.
def first_as_length vs = zip vs (iota vs[1])
