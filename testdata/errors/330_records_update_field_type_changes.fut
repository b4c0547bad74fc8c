-- Record update: a field's type (other than its sizes) may not change.
-- ==
-- error: record field "count".*bool.*i32

def reset (r: {count: i32, name: []u8}) = r with count = false
