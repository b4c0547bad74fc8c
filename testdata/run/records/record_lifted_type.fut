-- description: a size-lifted record type (`type~`) holding an array whose size is hidden, built from filter.
-- ==
-- input { [3, -1, 4, -1, 5] } output { [3, 4, 5] 3i64 }
-- input { [-2] } output { empty([0]i32) 0i64 }

type~ positives = {items: []i32, count: i64}

def collect (xs: []i32) : positives =
  let items = filter (> 0) xs
  in {items, count = length items}

def main (xs: []i32) = let p = collect xs in (p.items, p.count)
