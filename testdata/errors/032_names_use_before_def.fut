-- Unknown variable: top-level definitions are only visible after their definition.
-- ==
-- error: Unknown name "threshold"

def above (xs: []f32) = filter (> threshold) xs

def threshold : f32 = 0.5
