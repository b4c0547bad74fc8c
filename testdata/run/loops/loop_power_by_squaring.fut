-- description: exponentiation by squaring with a while loop over (base, exponent, acc), in u64 with wrapping.
-- ==
-- input { 3u64 13u64 } output { 1594323u64 }
-- input { 2u64 64u64 } output { 0u64 }
-- input { 7u64 0u64 } output { 1u64 }

def main (b: u64) (e: u64) =
  let (_, _, acc) =
    loop (b, e, acc) = (b, e, 1u64) while e > 0 do
      (b * b, e / 2, if e % 2 == 1 then acc * b else acc)
  in acc
