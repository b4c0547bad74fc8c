-- An index that is never closed, inside a lambda inside a map.
def f (xs: []i32) = map (\i -> xs[i + ) (iota 10)
def g = [1, 2, 3
