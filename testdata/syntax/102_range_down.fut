-- Exclusive downward ranges: n..>0 and x..y..>z.

def countdown (n: i64) : []i64 = n..>0

-- | Reverse iota without using reverse.
def rev_iota (n: i64) : []i64 = (n - 1)..>(-1)

-- | Downward with an explicit stride of -2.
def down_by_two (n: i64) : []i64 = n..(n - 2)..>0

entry main (n: i64) : ([]i64, []i64, []i64) = (countdown n, rev_iota n, down_by_two n)

entry literal_down : []i32 = 5..>0
