-- A type abbreviation's size parameter must appear in its definition.
-- ==
-- error: Size parameter "\[len\]"

type buffer [len] = [8]u8
