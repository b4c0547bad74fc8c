-- An index whose type nothing fixes is an i32, as an ambiguous integer
-- type defaults to i32.
def at (xs: []f32) i = xs[i]

def gather (xs: []f32) (is: []i32) = map (at xs) is
