-- Recursion: a local function `go` cannot call itself either.
-- ==
-- error: Unknown name "go"

def collatz_steps (n: i64) : i64 =
  let go (k: i64) (steps: i64) : i64 =
    if k == 1 then steps
    else go (if k % 2 == 0 then k / 2 else 3 * k + 1) (steps + 1)
  in go n 0
