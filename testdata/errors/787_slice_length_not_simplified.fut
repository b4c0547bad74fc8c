-- error: Sizes "i \+ k - i" and "k" do not match
-- The length of `xs[i:i + k]` is `i + k - i`, which the checker does not
-- simplify to `k`: a size coercion (`:>`) says they agree.
def window (xs: []i32) (i: i64) (k: i64) = zip xs[i:i + k] (iota k)
