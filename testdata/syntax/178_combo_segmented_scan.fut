-- Segmented prefix sums using records, typed lambdas and projection sections.

type elem = {flag: bool, value: i32}

-- | The associative operator for segmented scans.
def seg_op (a: elem) (b: elem) : elem =
  {flag = a.flag || b.flag, value = if b.flag then b.value else a.value + b.value}

-- | Segmented inclusive scan: flags mark segment starts.
def segscan [n] (flags: [n]bool) (vals: [n]i32) : [n]i32 =
  map2 (\flag value -> {flag, value}) flags vals
  |> scan seg_op {flag = false, value = 0}
  |> map (.value)

-- | Segment sums: the last element of every segment.
def segment_sums [n] (flags: [n]bool) (vals: [n]i32) : []i32 =
  let sums = segscan flags vals
  let is_last = map (\i -> i == n - 1 || flags[i + 1]) (iota n)
  in map (.0) (filter (.1) (zip sums is_last))

-- | Flags from segment lengths.
def flags_of (lens: []i64) : []bool =
  let total = i64.sum lens
  let offs = scan (+) 0 lens |> map2 (\l o -> o - l) lens
  in scatter (replicate total false) offs (map (\(l: i64) : bool -> l > 0) lens)

-- | Extract nested fields through a projection section.
def values_of (xs: []{e: elem, w: f32}) : []i32 = map (.e.value) xs

entry main [n] (flags: [n]bool) (vals: [n]i32) : ([n]i32, []i32) =
  (segscan flags vals, segment_sums flags vals)

entry lens (ls: []i64) : []bool = flags_of ls

entry wrapped (xs: []i32) : []i32 = values_of (map (\v -> {e = {flag = false, value = v}, w = 1.0}) xs)
