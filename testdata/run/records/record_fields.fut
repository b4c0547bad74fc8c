-- description: constructing records and projecting fields.
-- ==
-- input { 3 4.5 } output { 3 4.5 true }

def main (a: i32) (b: f64) =
  let r = {count = a, mean = b, valid = a > 0}
  in (r.count, r.mean, r.valid)
