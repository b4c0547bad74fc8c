-- description: size parameters listed before value parameters and bound by later arguments.
-- ==
-- input { [[1, 2, 3]] [10, 20, 30] } output { [[11, 22, 33]] }

def add_row [n][m] (a: [n][m]i32) (row: [m]i32) : [n][m]i32 = map (\r -> map2 (+) r row) a

def main [n][m] (a: [n][m]i32) (row: [m]i32) = add_row a row
