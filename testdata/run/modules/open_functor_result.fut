-- description: opening the result of a functor application.
-- ==
-- input { [4, 1, 3] } output { [1, 3, 4] }
-- input { empty([0]i32) } output { empty([0]i32) }

import "lib/sorting"

open (sorter { type t = i32 def lte (a: i32) (b: i32) = a <= b })

def main (xs: []i32) = sort xs
