-- Sizes do not match in application: a 3-vector passed where the size is fixed by the other argument.
-- ==
-- error: Sizes "4" and "3" do not match

def dot [n] (xs: [n]f32) (ys: [n]f32) : f32 =
  f32.sum (map2 (*) xs ys)

def weights : [4]f32 = [0.1, 0.2, 0.3, 0.4]

def score = dot weights [1, 2, 3]
