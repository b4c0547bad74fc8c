-- Loops whose state is a unique array updated in place each iteration.

-- | Sieve of Eratosthenes.
def sieve (n: i64) : [n]bool =
  let is_prime = replicate n true with [0] = false with [1] = false
  in loop is_prime for i < n do
       if i >= 2 && is_prime[i] && i * i < n
       then let multiples = map (\k -> i * i + k * i) (iota ((n - i * i + i - 1) / i))
            in scatter is_prime multiples (map (const false) multiples)
       else is_prime

-- | Prefix sums computed sequentially into a fresh array.
def prefix_sums [n] (xs: [n]i32) : [n]i32 =
  let out = replicate n 0
  let (out, _) =
    loop (out: *[n]i32, acc) = (out, 0) for i < n do
      let acc' = acc + xs[i]
      in (out with [i] = acc', acc')
  in out

entry main (n: i64) : []i64 =
  let ps = sieve n
  in filter (\i -> ps[i]) (iota n)

entry sums (xs: []i32) : []i32 = prefix_sums xs
