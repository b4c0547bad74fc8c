-- Record punning: {x, y} in construction and in patterns.

def point (x: f32) (y: f32) : {x: f32, y: f32} = {x, y}

-- | Mixing punned and explicit fields.
def person (age: i32) (height: f32) = {age, height, adult = age >= 18}

-- | Punning in patterns and re-punning in the result.
def swap_fields (r: {x: f32, y: f32}) : {x: f32, y: f32} =
  let {x, y} = r
  in {x = y, y = x}

def norm ({x, y}: {x: f32, y: f32}) : f32 = f32.sqrt (x * x + y * y)

entry main (x: f32) (y: f32) : (f32, f32) =
  let p = swap_fields (point x y)
  in (norm p, p.x)

entry adult (age: i32) : bool = (person age 1.8).adult
