-- description: several `with` updates chained in one expression; later updates win.
-- ==
-- input { } output { [9, 1, 2] }

def main = [0, 1, 2] with [0] = 5 with [0] = 9
