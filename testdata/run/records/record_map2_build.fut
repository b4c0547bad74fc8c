-- description: building records from two arrays with map2 and reading them back after a filter.
-- ==
-- input { ["ab", "cd", "ef"] [1, 0, 1] } output { [[97u8, 98u8], [101u8, 102u8]] }

def main [n][m] (names: [n][m]u8) (keep: [n]i32) =
  let rs = map2 (\name k -> {name, k}) names keep
  in map (.name) (filter (\r -> r.k == 1) rs)
