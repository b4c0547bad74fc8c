-- description: character literals are integers whose type comes from context (default i32).
-- ==
-- entry: chars
-- input { } output { 65 97u8 10i64 }

-- ==
-- entry: string_bytes
-- input { } output { [104u8, 105u8] 2i64 }

entry chars = ('A', 'a' : u8, '\n' : i64)

-- String literals are arrays of u8 (UTF-8 bytes).
entry string_bytes = let s = "hi" in (s, length s)
