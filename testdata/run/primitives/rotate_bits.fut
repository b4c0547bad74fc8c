-- description: 32-bit rotation built from shifts on u32.
-- ==
-- entry: rotl
-- input { 2147483649u32 1u32 } output { 3u32 }
-- input { 305419896u32 8u32 } output { 878082066u32 }

-- ==
-- entry: rotr
-- input { 3u32 1u32 } output { 2147483649u32 }

entry rotl (x: u32) (k: u32) = (x << k) | (x >> (32 - k))
entry rotr (x: u32) (k: u32) = (x >> k) | (x << (32 - k))
