-- A record update may give a field a value of another size, and the
-- updated record has the new size; a record whose type is only known
-- from a later use may be updated (its fields are then constraints).
def swap_in [n] [m] (a: [n]f32) (b: [m]f32) : ([m]f32, [m]f32) =
  let r = {first = a, second = b}
  let r = r with first = b
  in (r.first, r.second)

type cell = {alive: bool, age: i32}

def age_all (cells: []cell) : []cell =
  map (\c -> if c.alive then c with age = c.age + 1 else c) cells
