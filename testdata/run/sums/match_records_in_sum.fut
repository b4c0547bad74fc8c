-- description: constructors carrying records, matched with record patterns.
-- ==
-- input { 1 2 } output { 3 }
-- input { 0 2 } output { 2 }

type event = #move {dx: i32, dy: i32} | #jump {height: i32}

def cost (e: event) =
  match e
  case #move {dx, dy} -> i32.abs dx + i32.abs dy
  case #jump {height} -> height

def main (a: i32) (b: i32) =
  let e : event = if a != 0 then #move {dx = a, dy = -b} else #jump {height = b}
  in cost e
