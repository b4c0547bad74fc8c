-- description: a map whose body is a loop returning a pair (sum and count of digits).
-- ==
-- input { [123, 5, 0, 9999] } output { [6, 5, 0, 36] [3, 1, 0, 4] }

def digits (x: i32) = loop (s, c) = (0, 0) for _i < 10 do if x / (10 ** c) == 0 then (s, c) else (s + x / (10 ** c) % 10, c + 1)

def main (xs: []i32) = unzip (map digits xs)
