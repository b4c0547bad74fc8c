-- description: a lambda whose first parameter names the size of the next one
-- has a size-dependent type, and a lambda with an existential return type
-- may return any size.
-- ==
-- entry: dependent
-- input { [1, 2, 3] } output { 3i64 }

type^ counter = (m: i64) -> [m]i32 -> i64

def count : counter = \m (xs: [m]i32) -> length xs

entry dependent [k] (xs: [k]i32) = count k xs

-- ==
-- entry: hidden
-- input { [2i64, 0i64, 1i64] } output { [2i64, 0i64, 1i64] }

def lengths [n] 'a (f: a -> ?[l].[l]bool) (xs: [n]a) : [n]i64 =
  map (\x -> length (f x)) xs

entry hidden (ks: []i64) = lengths (\(k: i64) : (?[l].[l]bool) -> replicate k true) ks
