-- | Combining arrays into arrays of tuples, and splitting them apart again.
--
-- Zipping and unzipping is free at run time: an array of tuples is stored
-- as a tuple of arrays.

-- | Combine two arrays of the same length into an array of pairs.
def zip [n] 'a 'b (as: [n]a) (bs: [n]b): *[n](a, b) =
  intrinsics.zip as bs

-- | Another name for `zip`.
def zip2 [n] 'a 'b (as: [n]a) (bs: [n]b): *[n](a, b) =
  zip as bs

-- | Combine three arrays of the same length into an array of triples.
def zip3 [n] 'a 'b 'c (as: [n]a) (bs: [n]b) (cs: [n]c): *[n](a, b, c) =
  intrinsics.map (\(a, (b, c)) -> (a, b, c)) (zip as (zip bs cs))

-- | Combine four arrays of the same length into an array of 4-tuples.
def zip4 [n] 'a 'b 'c 'd (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d): *[n](a, b, c, d) =
  intrinsics.map (\(a, (b, c, d)) -> (a, b, c, d)) (zip as (zip3 bs cs ds))

-- | Combine five arrays of the same length into an array of 5-tuples.
def zip5 [n] 'a 'b 'c 'd 'e (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) (es: [n]e): *[n](a, b, c, d, e) =
  intrinsics.map (\(a, (b, c, d, e)) -> (a, b, c, d, e)) (zip as (zip4 bs cs ds es))

-- | Split an array of pairs into two arrays.
def unzip [n] 'a 'b (xs: [n](a, b)): ([n]a, [n]b) =
  intrinsics.unzip xs

-- | Another name for `unzip`.
def unzip2 [n] 'a 'b (xs: [n](a, b)): ([n]a, [n]b) =
  unzip xs

-- | Split an array of triples into three arrays.
def unzip3 [n] 'a 'b 'c (xs: [n](a, b, c)): ([n]a, [n]b, [n]c) =
  let (as, bcs) = unzip (intrinsics.map (\(a, b, c) -> (a, (b, c))) xs)
  let (bs, cs) = unzip bcs
  in (as, bs, cs)

-- | Split an array of 4-tuples into four arrays.
def unzip4 [n] 'a 'b 'c 'd (xs: [n](a, b, c, d)): ([n]a, [n]b, [n]c, [n]d) =
  let (as, bcds) = unzip (intrinsics.map (\(a, b, c, d) -> (a, (b, c, d))) xs)
  let (bs, cs, ds) = unzip3 bcds
  in (as, bs, cs, ds)

-- | Split an array of 5-tuples into five arrays.
def unzip5 [n] 'a 'b 'c 'd 'e (xs: [n](a, b, c, d, e)): ([n]a, [n]b, [n]c, [n]d, [n]e) =
  let (as, bcdes) = unzip (intrinsics.map (\(a, b, c, d, e) -> (a, (b, c, d, e))) xs)
  let (bs, cs, ds, es) = unzip4 bcdes
  in (as, bs, cs, ds, es)
