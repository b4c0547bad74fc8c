-- description: classifying bytes (digit, letter, other) with if chains and match on results.
-- ==
-- input { "a1 B" } output { [1, 0, 2, 1] }
-- input { "Z9_" } output { [1, 0, 2] }

type class = #letter | #digit | #other

def classify (c: u8) : class =
  if c >= '0' && c <= '9' then #digit
  else if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') then #letter
  else #other

def main (s: []u8) = map (\c -> match classify c case #digit -> 0 case #letter -> 1 case #other -> 2) s
