-- description: gamma, lgamma, erf and erfc on f64.
-- ==
-- entry: specials
-- input { 5.0 } output { 24.0 3.1780538303479458 1.0 1.5374597944280351e-12 }
-- input { 0.5 } output { 1.7724538509055159 0.5723649429247001 0.5204998778130465 0.4795001221869535 }

entry specials (x: f64) = (f64.gamma x, f64.lgamma x, f64.erf x, f64.erfc x)
