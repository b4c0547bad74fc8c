-- description: records containing sum-typed fields compared with == and used to count matches.
-- ==
-- input { [0, 1, 0] [5, 5, 6] } output { 1 }
-- input { [1, 1] [5, 5] } output { 0 }

type status = #active | #inactive
type user = {status: status, age: i32}

def main [n] (codes: [n]i32) (ages: [n]i32) =
  let users = map2 (\c a -> {status = if c == 0 then #active else #inactive, age = a} : user) codes ages
  let target : user = {status = #active, age = 5}
  in reduce (+) 0 (map (\u -> i32.bool (u == target)) users)
