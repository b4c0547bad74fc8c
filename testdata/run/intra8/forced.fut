-- description: #[flattening(only_intra)] makes every map below a
-- work-group per row whatever the sizes: rows shorter than a group, as
-- long, and several times longer (threads then take chunks), reductions
-- and scans that commute or not, of one operand or several.
-- ==
-- entry: sums
-- input { [[1i32, 2, 3], [4i32, 5, 6]] } output { [6i32, 15i32] }
-- input { empty([0][4]i32) } output { empty([0]i32) }
-- input { empty([2][0]i32) } output { [0i32, 0i32] }

entry sums [m][n] (xss: [m][n]i32) : [m]i32 =
  #[flattening(only_intra)]
  map i32.sum xss

-- A reduction that does not commute: the last element that is not
-- zero, and how many there were, carried together.
def last_nonzero (a: i64, c: i64) (b: i64, d: i64) : (i64, i64) =
  (if b != 0 then b else a, c + d)

-- Composition of affine maps x -> a * x + b: associative, not
-- commutative.
def affine (a1: i64, b1: i64) (a2: i64, b2: i64) : (i64, i64) =
  (a1 * a2, b1 * a2 + b2)

def check_row [n] (xs: [n]i64) : (i64, i64, i64, i64) =
  let (l, c) = reduce last_nonzero (0, 0) (map (\x -> (x, i64.bool (x != 0))) xs)
  let (ps, qs) = unzip (scan affine (1, 0) (map (\x -> (x % 3 + 1, x)) xs))
  let zs = scan (+) 0 xs
  in (l, c, ps[n - 1] + qs[n - 1], zs[n / 2])

-- ==
-- entry: sizes
-- structure gpu { SegMap/SegRed 2 SegMap/SegScan 1 SegMap 2 }
-- input { 3i64 1i64 } output { 20i64 }
-- input { 3i64 31i64 } output { 18674718i64 }
-- input { 2i64 256i64 } output { 4368605867212096834i64 }
-- input { 2i64 257i64 } output { -979090533603097855i64 }
-- input { 5i64 1000i64 } output { 2264838612715094039i64 }
-- input { 1i64 5000i64 } output { 3186149767666166083i64 }

entry sizes (m: i64) (n: i64) : i64 =
  let xss = tabulate_2d m n (\i j -> if (i + j) % 4 == 0 then 0 else (i * 31 + j * 17) % 11)
  let rs = #[flattening(only_intra)] map check_row xss
  in reduce (+) 0 (map (\(a, b, c, d) -> a ^ b ^ c ^ d) rs)
