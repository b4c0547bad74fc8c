-- Higher-order code with lifted types: composition operators, pipelines of functions.

-- | A pipeline stage is any function on f32.
type^ stage = f32 -> f32

-- | Forward composition; binds like |>.
def (|>>) '^a '^b '^c (f: a -> b) (g: b -> c) : a -> c = \x -> g (f x)

-- | Backward composition; binds like <=.
def (<=<) '^a '^b '^c (g: b -> c) (f: a -> b) : a -> c = \x -> g (f x)

-- | Apply a function k times; binds like **.
def (f: stage) **. (k: i32) : stage = \x -> loop x for _i < k do f x

def pipeline (stages: (stage, stage, stage)) : stage = stages.0 |>> stages.1 |>> stages.2

-- | A function taking a function that takes a function.
def with_logger (run: (f32 -> f32) -> f32) : f32 = run (\x -> x + 0.001)

entry main (x: f32) : (f32, f32, f32, f32) =
  let p = pipeline ((* 2.0), (+ 1.0), f32.sqrt)
  in ( p x
     , (f32.abs <=< (\y -> y - 10.0)) x
     , ((* 1.5) **. 3) x
     , with_logger (\f -> f x)
     )
