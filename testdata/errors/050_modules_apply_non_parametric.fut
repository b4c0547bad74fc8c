-- Applying a module that is not a functor.
-- ==
-- error: Cannot apply non-parametric module

module defaults = {
  def eps = 1e-6f64
}

module tuned = defaults { def eps = 1e-9f64 }
