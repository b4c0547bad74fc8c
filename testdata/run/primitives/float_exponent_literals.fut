-- description: float literals with positive and negative decimal exponents.
-- ==
-- entry: lits
-- input { } output { 1500.0 0.00025f32 1.0e-3 }

entry lits = (1.5e3, 2.5e-4f32, 1e-3)
