-- description: string literals are UTF-8 byte arrays; escapes in strings and characters.
-- ==
-- entry: bytes
-- input { } output { [97u8, 10u8, 9u8, 92u8, 34u8] 5i64 }

-- ==
-- entry: utf8
-- input { } output { [195u8, 169u8] 2i64 }

-- ==
-- entry: char_escapes
-- input { } output { 10 9 92 39 0 }

entry bytes = let s = "a\n\t\\\"" in (s, length s)
entry utf8 = let s = "é" in (s, length s)
entry char_escapes : (i32, i32, i32, i32, i32) = ('\n', '\t', '\\', '\'', '\0')
