-- Ambiguous type: the constructor's full sum type is never given.
-- ==
-- error: Type is ambiguous

def parse_digit (c: u8) =
  if c >= '0' && c <= '9'
  then #digit (i32.u8 (c - '0'))
  else #other
