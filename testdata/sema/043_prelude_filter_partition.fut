-- Prelude: filter, partition and partition2.

def evens (xs: []i32) = filter (\x -> x % 2 == 0) xs

def split_sign (xs: []f32) : ([]f32, []f32) = partition (>= 0) xs

def three_way (xs: []i32) : ([]i32, []i32, []i32) =
  partition2 (< 0) (== 0) xs
