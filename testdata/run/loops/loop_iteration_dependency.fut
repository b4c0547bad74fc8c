-- description: each iteration depends on the previous one: a linear congruential generator.
-- ==
-- input { 3 1u32 } output { [1015568748u32, 1586005467u32, 2165703038u32] }
-- input { 0 7u32 } output { empty([0]u32) }

def main (n: i32) (seed: u32) =
  let (_, out) =
    loop (s, out) = (seed, []) for _i < n do
      let s' = s * 1664525 + 1013904223
      in (s', out ++ [s'])
  in out
