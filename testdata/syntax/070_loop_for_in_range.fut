-- for-in loops over ranges: upward, inclusive, downward and strided.

def sum_upto (n: i64) : i64 = loop s = 0 for i in 0..<n do s + i

def sum_inclusive (n: i64) : i64 = loop s = 0 for i in 1...n do s + i

-- | Count down from n to 1 (exclusive of 0).
def countdown_product (n: i64) : i64 = loop p = 1 for i in n..>0 do p * i

-- | Sum every third number.
def every_third (n: i64) : i64 = loop s = 0 for i in 0..3..<n do s + i

-- | Reverse a string by iterating downwards.
def reverse_bytes [n] (s: [n]u8) : [n]u8 =
  let out = replicate n 0u8
  in loop out for i in (n - 1)..>(-1) do out with [n - 1 - i] = s[i]

entry main (n: i64) : (i64, i64, i64, i64) =
  (sum_upto n, sum_inclusive n, countdown_product n, every_third n)

entry rev (s: []u8) : []u8 = reverse_bytes s
