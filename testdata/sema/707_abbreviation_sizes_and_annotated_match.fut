-- Size parameters used only inside a nested type of an abbreviation, and a match on an annotated constructor.
type grid [rows] [cols] = [rows]([cols]f32, i64)

def origin (g: grid [2] [3]) : f32 = g[0].0[0]

def is_north : bool =
  match (#north : #north | #south)
  case #north -> true
  case #south -> false
