-- error: unknown length of range
-- A range with a stride of two has no length the checker knows, so it
-- cannot be returned where a length is promised.
def odds (k: i64) : [k]i64 = 1..3..<2 * k
