-- Arrays of records: construction with map, field projection, and filtering.

type student = {id: i32, score: f32, passed: bool}

def mk (id: i32) (score: f32) : student = {id, score, passed = score >= 50.0}

def pass_rate (ss: []student) : f32 =
  let n = f32.i64 (length ss)
  let p = f32.sum (map (\s -> if s.passed then 1.0 else 0.0) ss)
  in p / n

-- | Filter by a field and project another.
def passed_ids (ss: []student) : []i32 = map (.id) (filter (.passed) ss)

entry main [n] (ids: [n]i32) (scores: [n]f32) : (f32, []i32) =
  let ss = map2 mk ids scores
  in (pass_rate ss, passed_ids ss)

entry best [n] (ids: [n]i32) (scores: [n]f32) : i32 =
  let ss = map2 mk ids scores
  in (reduce (\a b -> if a.score >= b.score then a else b) (mk (-1) f32.lowest) ss).id
