-- Sizes do not match in `zip`: indices are one shorter than the data.
-- ==
-- error: Sizes "n" and "n - 1" do not match

def with_prev [n] (xs: [n]i32) =
  zip xs (iota (n - 1))
