-- Scattering concatenations of equally long arrays writes several times
-- per row instead: the concatenations go and the maps making the parts
-- fuse into the scatter. A later part wins over an earlier one at a
-- shared index, as the concatenation's order says.
-- ==
-- input { [0, 0, 0, 0, 0, 0] [0i64, 2i64] }
-- output { [7, 8, 9, 8, 9, 0] }
-- structure { Concat 0 Screma 1 }

def main [n] (dest: *[6]i32) (at: [n]i64) : [6]i32 =
  let (first, second, third) = unzip3 (map (\i -> (i, i + 1, i + 2)) at)
  let (one, two, three) = unzip3 (map (\i -> (7 + i32.i64 (i - i), 8, 9)) at)
  let k = n + n + n
  in scatter dest (first ++ second ++ third :> [k]i64) (one ++ two ++ three :> [k]i32)
