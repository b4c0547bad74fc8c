-- The size-lifted abstract type appears twice in a tuple value: each part's
-- size would be a top-level size.
-- ==
-- error: Type substitution in "halves" results in a top-level size

module type split = {
  type~ part
  val halves : (part, part)
}

module split_bytes : split = {
  type~ part = []u8
  def halves = ([1u8, 2u8], [3u8])
}
