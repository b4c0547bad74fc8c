-- Found by the fuzz target `format` (input rewritten): an array literal
-- at the end of an application, with a long comment after it on the same
-- line. The comment's length broke the array one element a line; the
-- second pass, with the array no longer on the comment's line, joined it
-- again. A trailing comment no longer counts towards the line's width.

def first_of (n: i64) (xs: [3]i64) = xs[0] + n

def value = first_of 4 [1, 2, 3] -- a comment long enough to run well past the eightieth column

def other = [10, 20, 30] -- [0, 1, 0, 1, 0, 1] another long trailing comment after a literal array
