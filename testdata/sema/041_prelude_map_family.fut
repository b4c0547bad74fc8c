-- Prelude: map, map2, map3, map4 and map5.

def m1 (xs: []i32) = map (+ 1) xs
def m2 [n] (xs: [n]i32) (ys: [n]i32) = map2 (*) xs ys
def m3 [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) = map3 (\x y z -> x * y + z) a b c
def m4 [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) =
  map4 (\w x y z -> w + x + y + z) a b c d
def m5 [n] (a: [n]u8) (b: [n]u8) (c: [n]u8) (d: [n]u8) (e: [n]u8) =
  map5 (\v w x y z -> v ^ w ^ x ^ y ^ z) a b c d e
