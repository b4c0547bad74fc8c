-- description: arrays of tuples: sorting pairs by key with a selection sort (not stable: equal keys may be reordered).
-- ==
-- input { [3, 1, 2] [30, 10, 20] } output { [1, 2, 3] [10, 20, 30] }
-- input { [2, 2, 1] [1, 2, 3] } output { [1, 2, 2] [3, 2, 1] }

def main [n] (ks: [n]i32) (vs: [n]i32) =
  let ps = zip ks vs
  let sorted =
    loop ps = copy ps for i < n do
      let j = reduce (\a b -> if ps[a].0 <= ps[b].0 then a else b) i (i..<n)
      let t = ps[i]
      let ps[i] = ps[j]
      let ps[j] = t
      in ps
  in unzip sorted
