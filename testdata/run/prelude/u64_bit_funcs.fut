-- description: popc, clz and ctz on u64 and u16.
-- ==
-- entry: counts
-- input { 18446744073709551615u64 } output { 64 0 0 }
-- input { 1024u64 } output { 1 53 10 }

-- ==
-- entry: u16s
-- input { 32768u16 } output { 1 0 15 }

entry counts (x: u64) = (u64.popc x, u64.clz x, u64.ctz x)
entry u16s (x: u16) = (u16.popc x, u16.clz x, u16.ctz x)
