-- Consuming a free variable inside a lambda: the array is local but still free in the lambda.
-- ==
-- error: Consuming variable "scratch", which is not consumable

def squares (n: i64) : []i64 =
  let scratch = replicate n 0i64
  in map (\i -> let scratch[i] = i * i in scratch[i]) (iota n)
