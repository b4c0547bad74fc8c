-- description: payload-less constructors used as an enumeration, converted to and from integers.
-- ==
-- input { [0, 1, 2, 3] } output { [1, 2, 3, 0] }
-- input { [7, -1] } output { [0, 0] }

type weekday = #mon | #tue | #wed | #thu

def to_int (d: weekday) : i32 = match d case #mon -> 0 case #tue -> 1 case #wed -> 2 case #thu -> 3
def of_int (i: i32) : weekday = match i case 0 -> #mon case 1 -> #tue case 2 -> #wed case _ -> #thu
def next (d: weekday) : weekday = match d case #mon -> #tue case #tue -> #wed case #wed -> #thu case #thu -> #mon

def main (xs: []i32) = map (of_int >-> next >-> to_int) xs
