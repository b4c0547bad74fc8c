-- description: sqrt, exp, log, log2, log10 and log1p on f64, with special inputs.
-- ==
-- entry: funs
-- input { 4.0 } output { 2.0 54.598150033144236 1.3862943611198906 2.0 0.6020599913279624 1.6094379124341003 }
-- input { 0.0 } output { 0.0 1.0 -f64.inf -f64.inf -f64.inf 0.0 }

-- ==
-- entry: negative
-- input { -1.0 } output { f64.nan f64.nan -f64.inf }

entry funs (x: f64) = (f64.sqrt x, f64.exp x, f64.log x, f64.log2 x, f64.log10 x, f64.log1p x)
entry negative (x: f64) = (f64.sqrt x, f64.log x, f64.log1p x)
