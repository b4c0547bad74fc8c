-- description: u16 checksum that wraps: a simple 16-bit additive checksum and its complement.
-- ==
-- entry: checksum
-- input { [65535u16, 2u16, 10u16] } output { 11u16 65524u16 }
-- input { empty([0]u16) } output { 0u16 65535u16 }

entry checksum (words: []u16) =
  let s = reduce (+) 0 words
  in (s, !s)
