-- Reads of a loop's body sunk into the arm that uses them; the other arm
-- keeps its values on the host.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] 0i32 } output { 5i32 5i32 }
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] 3i32 } output { 2i32 14i32 }

#[noinline]
def twice (x: i32) : i32 = (opaque [x * 2])[0]

entry main [n] (xs: [n]i32) (c0: i32) : (i32, i32) =
  loop (res, c) = (0, c0) for i < n do
    let y = xs[i]
    let z = xs[n - 1 - i]
    in if c == 3 then (y + 1, twice z) else (res, c + 1)
