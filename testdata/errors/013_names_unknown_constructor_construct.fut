-- Unknown constructor: building `#unknown` where the annotated sum type lacks it.
-- ==
-- error: Unshared constructors: .*#unknown

type token = #num i32 | #plus | #minus

def classify (c: u8) : token =
  if c == '+' then #plus
  else if c == '-' then #minus
  else #unknown
