-- description: a token stream classifier with constructor payloads of records and a literal-guarded case.
-- ==
-- input { [0, 1, 2, 1] [5, 0, 7, 3] } output { 12 2 }

type token = #num {value: i32} | #op {code: i32}

def main [n] (kinds: [n]i32) (vals: [n]i32) =
  let toks = map2 (\k v -> if k == 1 then #op {code = v} else #num {value = v} : token) kinds vals
  let sum = reduce (+) 0 (map (\t -> match t case #num {value} -> value case #op _ -> 0) toks)
  let ops = reduce (+) 0 (map (\t -> match t case #op {code = 0} -> 1 case #op _ -> 1 case #num _ -> 0) toks)
  in (sum, ops)
