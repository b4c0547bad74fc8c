-- error: Sizes "k" and "k \+ 2" do not match
-- The length of `0..<e` is `e` itself, also when `e` is computed.
def padded (k: i64) : [k]i64 = 0..<(k + 2)
