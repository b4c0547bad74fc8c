-- description: a traffic-light sum type cycled through a loop, counting each state.
-- ==
-- input { 7 } output { 3 2 2 }
-- input { 0 } output { 0 0 0 }

type light = #red | #green | #yellow

def step (l: light) : light = match l case #red -> #green case #green -> #yellow case #yellow -> #red

def main (n: i32) =
  let (_, r, g, y) =
    loop (l, r, g, y) = (#red : light, 0, 0, 0) for _i < n do
      let (r, g, y) = match l case #red -> (r + 1, g, y) case #green -> (r, g + 1, y) case #yellow -> (r, g, y + 1)
      in (step l, r, g, y)
  in (r, g, y)
