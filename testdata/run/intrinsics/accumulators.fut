-- description: accumulators: `intrinsics.scatter_stream` writes through an
-- accumulator in place (out-of-bounds writes are ignored, a later write wins),
-- `intrinsics.hist_stream` combines each write with the element already there;
-- rows of a two-dimensional destination are written whole.
-- ==
-- entry: evens
-- input { [9, 9, 9, 9, 9, 9, 9] } output { [0, 9, 10, 9, 20, 9, 30] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: counts
-- input { [0i64, 2i64, 2i64, 7i64, -1i64, 2i64] } output { [1, 0, 3, 0] }

-- ==
-- entry: last_wins
-- input { 3i64 } output { [5, 0, 0] }

-- ==
-- entry: rows
-- input { [[1, 1], [2, 2], [3, 3]] } output { [[1, 1], [7, 7], [11, 11]] }

type~ acc 't = intrinsics.acc t

def put [n] 't (a: *acc ([n]t)) (i: i64) (v: t) : *acc ([n]t) =
  intrinsics.acc_write a i v

def step [k] (a: *acc ([k]i32)) (i: i64) : *acc ([k]i32) =
  put a (2 * i) (i32.i64 i * 10)

entry evens [k] (xs: *[k]i32) : *[k]i32 =
  intrinsics.scatter_stream xs step (iota 5) :> *[k]i32

def count [k] (a: *acc ([k]i32)) (c: i64) : *acc ([k]i32) =
  put a c 1

entry counts (cs: []i64) : []i32 =
  intrinsics.hist_stream (replicate 4 0) (+) 0 count cs

def twice [k] (a: *acc ([k]i32)) (v: i32) : *acc ([k]i32) =
  put (put a 0 (v - 1)) 0 v

entry last_wins (n: i64) : []i32 =
  intrinsics.scatter_stream (replicate n 0) twice [3, 5]

def add_row [k] [m] (a: *acc ([k][m]i32)) (i: i64) : *acc ([k][m]i32) =
  put a i (replicate m (i32.i64 i * 3 + 2))

entry rows [k] [m] (xss: *[k][m]i32) : *[k][m]i32 =
  intrinsics.hist_stream xss (map2 (+)) (replicate m 0) add_row (1...2) :> *[k][m]i32
