-- A realistic program: histograms with reduce_by_index and hist, plus equalisation.

-- | Configuration of a fixed-width binning over [lo, hi).
type binning = {lo: f32, hi: f32, bins: i64}

-- | The bin index of a value, or -1 when out of range (ignored by reduce_by_index).
def bin_of (b: binning) (x: f32) : i64 =
  if x < b.lo || x >= b.hi then -1
  else
    let t = (x - b.lo) / (b.hi - b.lo)
    in i64.min (b.bins - 1) (i64.f32 (t * f32.i64 b.bins))

-- | Count occurrences per bin using reduce_by_index.
def histogram (b: binning) (xs: []f32) : [b.bins]i32 =
  let is = map (bin_of b) xs
  in reduce_by_index (replicate b.bins 0) (+) 0 is (map (const 1) xs)

-- | The same counts computed with the `hist` shorthand.
def histogram' (b: binning) (xs: []f32) : [b.bins]i32 =
  hist (+) 0 b.bins (map (bin_of b) xs) (map (const 1) xs)

-- | Per-bin maximum using a different operator and neutral element.
def bin_max (b: binning) (xs: []f32) : [b.bins]f32 =
  reduce_by_index (replicate b.bins f32.lowest) f32.max f32.lowest (map (bin_of b) xs) xs

-- | Byte histogram of 8-bit data: no range check needed.
def byte_hist [n] (pixels: [n]u8) : [256]i32 =
  reduce_by_index (replicate 256 0) (+) 0 (map i64.u8 pixels) (replicate n 1)

-- | Cumulative distribution function from counts.
def cdf [k] (counts: [k]i32) : [k]f32 =
  let cum = scan (+) 0 counts
  let total = f32.i32 (last cum)
  in map (\c -> f32.i32 c / total) cum

-- | Histogram equalisation of an 8-bit image.
def equalise [n] (pixels: [n]u8) : [n]u8 =
  let c = cdf (byte_hist pixels)
  in map (\p -> u8.f32 (255.0 * c[i64.u8 p])) pixels

-- | Index of the fullest bin.
def mode [k] (counts: [k]i32) : i64 =
  let (_, i) =
    reduce (\(c1, i1) (c2, i2) -> if c1 > c2 || (c1 == c2 && i1 < i2) then (c1, i1) else (c2, i2))
           (i32.lowest, -1)
           (zip counts (iota k))
  in i

entry main (lo: f32) (hi: f32) (bins: i64) (xs: []f32) : ([]i32, bool, i64) =
  let b = {lo, hi, bins}
  let h1 = histogram b xs
  let h2 = histogram' b xs
  in (h1, and (map2 (==) h1 h2), mode h1)

entry maxima (bins: i64) (xs: []f32) : []f32 = bin_max {lo = 0.0, hi = 1.0, bins} xs

entry equalise_image (pixels: []u8) : []u8 = equalise pixels

entry byte_counts (s: []u8) : [256]i32 = byte_hist s
