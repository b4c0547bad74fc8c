-- Nested and chained conditionals, including else-if ladders.

-- | Letter grade from a score.
def grade (score: i32) : u8 =
  if score >= 90 then 'A'
  else if score >= 80 then 'B'
  else if score >= 70 then 'C'
  else if score >= 60 then 'D'
  else 'F'

-- | Nested ifs in both branches.
def quadrant (x: f32) (y: f32) : i32 =
  if x >= 0.0
  then if y >= 0.0 then 1 else 4
  else if y >= 0.0 then 2 else 3

-- | FizzBuzz codes: 0 plain, 1 fizz, 2 buzz, 3 fizzbuzz.
def fizzbuzz (n: i64) : [n]i32 =
  map (\i -> let k = i + 1
             in if k % 15 == 0 then 3
                else if k % 3 == 0 then 1
                else if k % 5 == 0 then 2
                else 0)
      (iota n)

entry main (scores: []i32) : []u8 = map grade scores

entry quad (x: f32) (y: f32) : i32 = quadrant x y

entry fb (n: i64) : []i32 = fizzbuzz n
