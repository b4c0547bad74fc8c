-- description: sieve of Eratosthenes with a loop over candidate primes and scatter.
-- ==
-- input { 30i64 } output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
-- input { 2i64 } output { empty([0]i64) }

def main (n: i64) =
  let is_prime = replicate n true with [0] = false with [1] = false
  let is_prime =
    loop is_prime for p < n do
      if p < 2 || !is_prime[p] || p * p >= n then is_prime
      else let multiples = map (\k -> p * p + k * p) (iota ((n - 1 - p * p) / p + 1))
           in scatter is_prime multiples (map (const false) multiples)
  in filter (\i -> is_prime[i]) (iota n)
