-- description: choosing among functions by an index with if-chains inside a lambda (functions cannot be stored in arrays).
-- ==
-- input { [0, 1, 2] 6.0 } output { [7.0, 12.0, 36.0] }

def apply_op (k: i32) (x: f64) = if k == 0 then x + 1 else if k == 1 then x * 2 else x * x

def main (ks: []i32) (x: f64) = map (\k -> apply_op k x) ks
