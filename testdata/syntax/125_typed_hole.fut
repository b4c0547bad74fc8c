-- Typed holes ??? as placeholders for unfinished expressions (one of two files).

-- | A function whose body is not written yet.
def todo (x: i32) : i32 = if x > 0 then x else ???

-- | A hole in an argument position; its type is inferred as f32.
def partial (xs: []f32) : f32 = f32.sum xs + ???

entry main (x: i32) : i32 = todo x
