-- An array type whose elements are a lifted abbreviation (`type^`) is refused; the message names it.
-- ==
-- error: lifted type "pair"

type^ pair = (i32, i32)

type pairs = [4]pair
