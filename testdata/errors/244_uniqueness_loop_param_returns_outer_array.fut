-- The body consumes loop parameter `acc` but returns `other`, bound outside the loop, for it.
-- ==
-- error: Return value for consuming loop parameter "acc" aliases "other".*consuming-loop-param-aliases

def run (n: i64) : i64 =
  let start = replicate n 0i64
  let other = iota n
  let res =
    loop acc = start for i < n do
      let acc[i] = i
      in other
  in res[0]
