-- description: record construction with punned fields `{x, y}`.
-- ==
-- input { 7 8 } output { 8 7 }

def swap_xy {x, y} : {x: i32, y: i32} = {x = y, y = x}

def main (x: i32) (y: i32) =
  let r = swap_xy {x, y}
  in (r.x, r.y)
