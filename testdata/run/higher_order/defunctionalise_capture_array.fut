-- description: a function value capturing an array, passed through several higher-order calls.
-- ==
-- input { [10, 20, 30] [2i64, 0i64] } output { [30, 10] }
-- input { [10, 20, 30] empty([0]i64) } output { empty([0]i32) }

def lookup_in (table: []i32) = \(i: i64) -> table[i]

def apply_each (f: i64 -> i32) (is: []i64) = map f is

def main (table: []i32) (is: []i64) = apply_each (lookup_in table) is
