-- Higher-order: functions returning functions and closures over arrays.

def lookup_in (table: []f32) : i64 -> f32 = \i -> table[i % length table]

def curry3 (f: (i32, i32, i32) -> i32) = \a b c -> f (a, b, c)

def use (table: []f32) = map (lookup_in table) (iota 5)
def c = curry3 (\(a, b, c) -> a * b + c) 2 3 4
