-- Equality on arrays, records, tuples and sum types (none contain functions).

type colour = #red | #green | #rgb u8 u8 u8

def same_colour (a: colour) (b: colour) : bool = a == b

def same_point (p: {x: i32, y: i32}) (q: {x: i32, y: i32}) = p == q

def same_rows (a: [3]i32) (b: [3]i32) = a == b

def pairs_differ (a: (i32, bool)) (b: (i32, bool)) = a != b
