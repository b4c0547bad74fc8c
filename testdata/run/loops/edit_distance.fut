-- description: Levenshtein distance by dynamic programming with a rolling row updated in place.
-- ==
-- input { "kitten" "sitting" } output { 3 }
-- input { "" "abc" } output { 3 }
-- input { "same" "same" } output { 0 }

def main [n][m] (a: [n]u8) (b: [m]u8) : i32 =
  let row0 = map i32.i64 (iota (m + 1))
  let last =
    loop prev = row0 for i < n do
      let cur = replicate (m + 1) 0 with [0] = i32.i64 i + 1
      in loop cur for j < m do
           let cost = if a[i] == b[j] then 0 else 1
           in cur with [j + 1] = i32.min (i32.min (prev[j + 1] + 1) (cur[j] + 1)) (prev[j] + cost)
  in last[m]
