-- Basic module definitions module M = { ... } and qualified access.

module counter = {
  type t = i32
  def zero : t = 0
  def incr (c: t) : t = c + 1
  def add (a: t) (b: t) : t = a + b
}

-- | A module containing types, values and a nested helper.
module stats = {
  def mean (xs: []f64) : f64 = f64.sum xs / f64.i64 (length xs)
  def variance (xs: []f64) : f64 =
    let m = mean xs
    in mean (map (\x -> (x - m) * (x - m)) xs)
}

entry main (n: i32) : counter.t =
  loop c = counter.zero for _i < n do counter.incr c

entry var (xs: []f64) : (f64, f64) = (stats.mean xs, stats.variance xs)
