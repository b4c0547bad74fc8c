-- A lambda has no size parameters: the anonymous size of its parameter's
-- type is inferred from the array it is mapped over, here the named `cols`.
def row_sums [rows] [cols] (grid: [rows][cols]f32) : [rows]f32 =
  map (\(row: []f32) : f32 -> loop acc = 0 for j < cols do acc + row[j]) grid

def firsts [n] [m] (pairs: [n]([m]i32, bool)) =
  map (\(p: ([]i32, bool)) -> if p.1 then p.0[0] else 0) pairs
