-- Size parameter not used in a let pattern: `[len]` names the size of nothing.
-- ==
-- error: Size \[len\] unused in pattern

def checksum (bytes: []u8) : u32 =
  let [len] (total: u32) = reduce (+) 0 (map u32.u8 bytes)
  in total % 65521
