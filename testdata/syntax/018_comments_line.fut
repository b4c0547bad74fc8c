-- Ordinary line comments in every position, including end of file.
-- A comment block at the top of the file.

-- A comment directly before a definition (not a doc comment).
def add (x: i32) (y: i32) : i32 = -- trailing comment after the signature
  x + y -- trailing comment after an expression

def compute (xs: []i32) : i32 =
  -- comment inside a function body
  let total = reduce (+) 0 xs -- sum everything
  -- comment between let bindings
  let count = i32.i64 (length xs)
  in if count == 0 -- guard against empty input
     then 0
     else -- comment after else
       total / count

entry main (xs: []i32) : i32 =
  compute xs -- trailing comment at the last line of code
-- a comment on the final line, with no code after it
