-- description: module-level min/max, i32.maximum/minimum over arrays including empty ones.
-- ==
-- entry: extremes
-- input { [3, -7, 12, 0] } output { 12 -7 }
-- input { empty([0]i32) } output { -2147483648 2147483647 }

-- ==
-- entry: extremes_u16
-- input { [3u16, 65535u16] } output { 65535u16 3u16 }

entry extremes (xs: []i32) = (i32.maximum xs, i32.minimum xs)
entry extremes_u16 (xs: []u16) = (u16.maximum xs, u16.minimum xs)
