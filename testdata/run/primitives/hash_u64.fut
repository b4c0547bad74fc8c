-- description: an FNV-1a style hash over bytes, relying on u64 multiplication wrapping.
-- ==
-- entry: fnv1a
-- input { [97u8] } output { 12638187200555641996u64 }
-- input { empty([0]u8) } output { 14695981039346656037u64 }

entry fnv1a (bytes: []u8) : u64 =
  let prime = 1099511628211u64
  in foldl (\h b -> (h ^ u64.u8 b) * prime) 14695981039346656037u64 bytes
