-- Loop parameter changing size: `acc` is declared [n] but grows every iteration.
-- ==
-- error: Loop body does not have expected type

def repeat [n] (xs: [n]i32) =
  loop (acc: [n]i32) = xs for _i < 3 do
    acc ++ acc
