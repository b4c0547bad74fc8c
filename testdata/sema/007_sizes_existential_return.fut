-- Existential sizes in return types: `?[k].[k]t` and results of filter.

def positives (xs: []i32) : ?[k].[k]i32 =
  filter (> 0) xs

def evens (n: i64) : []i64 =
  filter (\i -> i % 2 == 0) (iota n)

def count_both (xs: []i32) : i64 =
  let ps = positives xs
  let es = evens (length ps)
  in length ps + length es
