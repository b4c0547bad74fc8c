-- Properties over generated arrays and scalars: reversing twice gives the
-- array back, and integer addition commutes (a tuple parameter takes one
-- generated value per component).
-- ==
-- property: reverse_twice add_commutes

#[prop]
entry reverse_twice (xs: []i32) : bool =
  and (map2 (==) (reverse (reverse xs)) xs)

#[prop(size(5))]
entry add_commutes (x: i64, y: i64) : bool =
  x + y == y + x

-- An ordinary case in the same file still runs.
-- ==
-- input { [1, 2, 3] } output { 6 }
entry main (xs: []i32) = i32.sum xs
