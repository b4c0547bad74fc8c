-- description: `/` is floor division, so (a/b)*b + a%b == a for all signs.
-- ==
-- entry: identity_holds
-- input { [-7, -1, 0, 6, 13] [2, -3, 5, -4, 7] } output { true }

entry identity_holds [n] (as: [n]i32) (bs: [n]i32) =
  and (map2 (\a b -> (a / b) * b + a % b == a && (a // b) * b + a %% b == a) as bs)
