-- description: constructors with several payload values of different types.
-- ==
-- input { } output { 7.5 }

type value = #triple i32 f64 bool | #single f64

def score (v: value) = match v
  case #triple a b c -> f64.i32 a + b + (if c then 1 else 0)
  case #single x -> x

def main = score (#triple 2 4.5 true) + score (#single 0)
