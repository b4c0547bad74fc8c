-- Ranges with an explicit step: 0..2..<n, 1..4...n, and 10..8...0.

def evens (n: i64) : []i64 = 0..2..<n

def every_third_inclusive (n: i64) : []i64 = 1..4...n

-- | Decreasing inclusive range with step -2.
def tens_down : []i32 = 10..8...0

-- | Stepped downward exclusive range.
def down_threes (n: i64) : []i64 = n..(n - 3)..>0

entry main (n: i64) : ([]i64, []i64, []i32, []i64) =
  (evens n, every_third_inclusive n, copy tens_down, down_threes n)

entry sum_odd (n: i64) : i64 = i64.sum (1..3..<n)
