-- Zipping and unzipping arrays: zip, zip3, unzip, unzip3, map2.

def pair_up [n] (xs: [n]i32) (ys: [n]f32) : [n](i32, f32) = zip xs ys

def triple [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) : [n](i32, i32, i32) = zip3 a b c

-- | Swap components through unzip and zip.
def swap_all [n] (ps: [n](i32, f32)) : [n](f32, i32) =
  let (as, bs) = unzip ps
  in zip bs as

def sums3 (ts: [](i32, i32, i32)) : (i32, i32, i32) =
  let (a, b, c) = unzip3 ts
  in (i32.sum a, i32.sum b, i32.sum c)

entry main [n] (xs: [n]i32) (ys: [n]f32) : [n](f32, i32) = swap_all (pair_up xs ys)

entry s3 [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) : (i32, i32, i32) = sums3 (triple a b c)
