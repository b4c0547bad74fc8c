-- description: empty arrays of several element types and ranks as inputs and outputs.
-- ==
-- input { empty([0]u8) empty([0][2]f32) empty([2][0]i64) } output { 0i64 empty([0][2]f32) empty([0][2]i64) }

def main (a: []u8) (b: [][]f32) (c: [][]i64) = (length a, b, transpose c)
