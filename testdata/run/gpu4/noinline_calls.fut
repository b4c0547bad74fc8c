-- Calls of `#[noinline]` functions stay calls: inside a map's kernel,
-- on the host (a function with parallel work of its own), and with an
-- array result whose size is the argument's. (Two applications in
-- kernels: `scaled`'s, and the versioned nest of the last entry point.)
-- ==
-- entry: scaled
-- input { 3 [1, 2, 5] } output { [5, 8, 17] }
-- input { 0 [4] } output { [2] }
-- structure gpu { SegMap/Apply 2 }

#[noinline]
def affine (k: i32) (x: i32) : i32 = k * x + 2

entry scaled (k: i32) (xs: []i32) = map (affine k) xs

-- ==
-- entry: shifted_sum
-- input { [1i64, 2i64, 3i64] } output { 15i64 }
-- input { empty([0]i64) } output { 0i64 }

#[noinline]
def shift [n] (xs: [n]i64) : [n]i64 = map (+ 1) xs

entry shifted_sum (xs: []i64) : i64 =
  let ys = shift xs
  in i64.sum (map2 (+) xs ys)

-- ==
-- entry: quotients
-- input { 2 [7, 9, 11] } output { 12 }
-- input { 0 [1] } error: division by zero|Cannot apply operator

def ratio (x: i32) (y: i32) = x / y

entry quotients (d: i32) (xs: []i32) : i32 =
  map (\x -> #[noinline] ratio x d) xs |> i32.sum
