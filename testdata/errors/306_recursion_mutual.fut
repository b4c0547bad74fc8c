-- Recursion: mutual recursion is not supported; `ping` cannot see `pong`, defined after it.
-- ==
-- error: Unknown name "pong"

def ping (n: i64) : i64 = if n == 0 then 0 else pong (n - 1)
def pong (n: i64) : i64 = if n == 0 then 1 else ping (n - 1)
