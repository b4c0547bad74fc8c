-- Prelude: zip, zip3, zip4, zip5, unzip and unzip3.

def z2 [n] (a: [n]i32) (b: [n]f32) = zip a b
def z3 [n] (a: [n]i32) (b: [n]f32) (c: [n]bool) = zip3 a b c
def z4 [n] (a: [n]u8) (b: [n]u8) (c: [n]u8) (d: [n]u8) = zip4 a b c d
def z5 [n] (a: [n]i8) (b: [n]i8) (c: [n]i8) (d: [n]i8) (e: [n]i8) = zip5 a b c d e
def u2 (ps: [](i32, f32)) : ([]i32, []f32) = unzip ps
def u3 (ts: [](i32, f32, bool)) = unzip3 ts
