-- description: entry point inputs of every primitive type, in arrays and 2D arrays, are read and echoed back.
-- ==
-- input { [1i8, -1i8] [2i16] [3u16, 65535u16] [[4u32]] [5u64] [1.5f16] [[true, false], [false, true]] }
-- output { [1i8, -1i8] [2i16] [3u16, 65535u16] [[4u32]] [5u64] [1.5f16] [[true, false], [false, true]] }

def main (a: []i8) (b: []i16) (c: []u16) (d: [][]u32) (e: []u64) (f: []f16) (g: [][]bool) =
  (a, b, c, d, e, f, g)
