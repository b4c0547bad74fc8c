-- Unknown module: `stats.robust` is not a submodule of `stats`.
-- ==
-- error: Unknown name "stats.robust.median"

module stats = {
  def mean (xs: []f64) = f64.sum xs / f64.i64 (length xs)
}

def summary (xs: []f64) = (stats.mean xs, stats.robust.median xs)
