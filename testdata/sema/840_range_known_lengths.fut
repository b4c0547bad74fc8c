-- Ranges the reference gives a length: from zero up to a variable or a
-- constant (with or without an explicit stride of one), and from one
-- through a variable.
def up (n: i64) : [n]i64 = 0..<n
def strided (n: i64) : [n]i64 = 0..1..<n
def through (n: i64) : [n]i64 = 1..2...n
def ten : [10]i64 = 0..<10
def pairs (n: i64) (xs: [n]f32) = zip (0..<n) xs
-- From a start other than zero, the length is the end minus the start.
def from_one (n: i64) : [n + 1 - 1]i64 = 1..<n + 1
def both (n: i64) = zip (1..<n) (map (* 2) (1..<n))
-- An inclusive range without a stride has the end minus the start plus one.
def inclusive (n: i64) : [n - 1 + 1]i64 = 1...n
