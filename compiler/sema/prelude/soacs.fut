-- | The second-order array combinators (SOACs): the parallel building blocks
-- of Futhark programs.
--
-- Their semantics are sequential and deterministic, but they are executed in
-- parallel.  Where an operator is required to be associative (`reduce`,
-- `scan`, `hist`, ...) it must also come with its neutral element; when the
-- operator is not associative, or the element is not neutral, the result is
-- unspecified (but still deterministic on a given run).
--
-- Complexity notes use *work* (total operations) and *span* (the longest
-- chain of dependent operations), writing *W(f)* and *S(f)* for the work and
-- span of calling `f` once.

import "zip"

-- | Apply `f` to every element of `as`.
--
-- **Work:** *O(n ✕ W(f))*  **Span:** *O(S(f))*
def map 'a [n] 'x (f: a -> x) (as: [n]a): *[n]x =
  intrinsics.map f as

-- | Apply `f` to every element of `as`; the same as `map`.
--
-- **Work:** *O(n ✕ W(f))*  **Span:** *O(S(f))*
def map1 'a [n] 'x (f: a -> x) (as: [n]a): *[n]x =
  map f as

-- | Apply `f` to the elements at the same position in two arrays of the same
-- length.
--
-- **Work:** *O(n ✕ W(f))*  **Span:** *O(S(f))*
def map2 'a 'b [n] 'x (f: a -> b -> x) (as: [n]a) (bs: [n]b): *[n]x =
  map (\(a, b) -> f a b) (zip as bs)

-- | Apply `f` to the elements at the same position in three arrays of the
-- same length.
--
-- **Work:** *O(n ✕ W(f))*  **Span:** *O(S(f))*
def map3 'a 'b 'c [n] 'x (f: a -> b -> c -> x) (as: [n]a) (bs: [n]b) (cs: [n]c): *[n]x =
  map (\(a, b, c) -> f a b c) (zip3 as bs cs)

-- | Apply `f` to the elements at the same position in four arrays of the
-- same length.
--
-- **Work:** *O(n ✕ W(f))*  **Span:** *O(S(f))*
def map4 'a 'b 'c 'd [n] 'x (f: a -> b -> c -> d -> x) (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d): *[n]x =
  map (\(a, b, c, d) -> f a b c d) (zip4 as bs cs ds)

-- | Apply `f` to the elements at the same position in five arrays of the
-- same length.
--
-- **Work:** *O(n ✕ W(f))*  **Span:** *O(S(f))*
def map5 'a 'b 'c 'd 'e [n] 'x (f: a -> b -> c -> d -> e -> x) (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) (es: [n]e): *[n]x =
  map (\(a, b, c, d, e) -> f a b c d e) (zip5 as bs cs ds es)

-- | Combine all elements of `as` with the associative operator `op`, whose
-- neutral element is `ne`.  The result is `ne` for an empty array.
--
-- **Work:** *O(n ✕ W(op))*  **Span:** *O(log(n) ✕ W(op))*
def reduce [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a): a =
  intrinsics.reduce op ne as

-- | Like `reduce`, but `op` must also be commutative, which can allow a
-- faster implementation.
--
-- **Work:** *O(n ✕ W(op))*  **Span:** *O(log(n) ✕ W(op))*
def reduce_comm [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a): a =
  intrinsics.reduce_comm op ne as

-- | Histogram: an array of `k` bins, all starting as `ne`, where for every
-- `j` with `is[j]` in `0 .. k-1`, `as[j]` is combined into bin `is[j]` with
-- `op`.  Out-of-bounds indices are ignored.  `op` must be associative and
-- commutative, with neutral element `ne`.
--
-- **Work:** *O(k + n ✕ W(op))*  **Span:** *O(n ✕ W(op))* in the worst case
-- (all indices equal), but usually much less.
def hist 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (is: [n]i64) (as: [n]a): *[k]a =
  intrinsics.reduce_by_index (intrinsics.replicate k ne) op ne is as

-- | Like `hist`, but the bins are the existing array `dest`, which is
-- updated in place and returned.
--
-- **Work:** *O(n ✕ W(f))*  **Span:** *O(n ✕ W(f))* in the worst case (all
-- indices equal), but usually much less.
def reduce_by_index 'a [k] [n] (dest: *[k]a) (f: a -> a -> a) (ne: a) (is: [n]i64) (as: [n]a): *[k]a =
  intrinsics.reduce_by_index dest f ne is as

-- | Like `reduce_by_index`, but for a two-dimensional array of bins indexed
-- by pairs.
def reduce_by_index_2d 'a [k] [n] [m] (dest: *[k][m]a) (f: a -> a -> a) (ne: a) (is: [n](i64, i64)) (as: [n]a): *[k][m]a =
  intrinsics.reduce_by_index_2d dest f ne is as

-- | Like `reduce_by_index`, but for a three-dimensional array of bins
-- indexed by triples.
def reduce_by_index_3d 'a [k] [n] [m] [l] (dest: *[k][m][l]a) (f: a -> a -> a) (ne: a) (is: [n](i64, i64, i64)) (as: [n]a): *[k][m][l]a =
  intrinsics.reduce_by_index_3d dest f ne is as

-- | Inclusive prefix scan: element `i` of the result combines the elements
-- `0 .. i` of `as` with the associative operator `op`, whose neutral element
-- is `ne`.
--
-- **Work:** *O(n ✕ W(op))*  **Span:** *O(log(n) ✕ W(op))*
def scan [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a): *[n]a =
  intrinsics.scan op ne as

-- | Split `as` into the elements that satisfy `p` and those that do not,
-- each part keeping the original order.
--
-- **Work:** *O(n ✕ W(p))*  **Span:** *O(log(n) ✕ W(p))*
def partition [n] 'a (p: a -> bool) (as: [n]a): ?[k].([k]a, [n-k]a) =
  let (counts, parts) = intrinsics.partition 1 (\x -> if p x then 0 else 1) as
  let k = counts[0]
  in (parts[0:k], parts[k:n])

-- | Split `as` into three parts: the elements satisfying `p1`, those
-- satisfying `p2` but not `p1`, and the rest.  Each part keeps the original
-- order.
--
-- **Work:** *O(n ✕ (W(p1) + W(p2)))*  **Span:** *O(log(n) ✕ (W(p1) + W(p2)))*
def partition2 [n] 'a (p1: a -> bool) (p2: a -> bool) (as: [n]a): ?[k1][k2].([k1]a, [k2]a, [n-k1-k2]a) =
  let (counts, parts) =
    intrinsics.partition 2 (\x -> if p1 x then 0 else if p2 x then 1 else 2) as
  let k1 = counts[0]
  let k2 = counts[1]
  in (parts[0:k1],
      parts[k1:k1+k2] :> [k2]a,
      parts[k1+k2:n] :> [n-k1-k2]a)

-- | Whether `f` holds for every element of `as` (true for an empty array).
--
-- **Work:** *O(n ✕ W(f))*  **Span:** *O(log(n) + S(f))*
def all [n] 'a (f: a -> bool) (as: [n]a): bool =
  reduce (&&) true (map f as)

-- | Whether `f` holds for some element of `as` (false for an empty array).
--
-- **Work:** *O(n ✕ W(f))*  **Span:** *O(log(n) + S(f))*
def any [n] 'a (f: a -> bool) (as: [n]a): bool =
  reduce (||) false (map f as)

-- | Write every `vs[j]` to position `is[j]` of `dest`, in place, and return
-- the updated array.  Indices outside `dest` are ignored.  When an index
-- occurs more than once, one of its values is written, but which one is
-- unspecified.  `dest` is consumed.
--
-- **Work:** *O(n)*  **Span:** *O(1)*
def scatter 't [k] [n] (dest: *[k]t) (is: [n]i64) (vs: [n]t): *[k]t =
  intrinsics.scatter dest is vs

-- | Like `scatter`, but for a two-dimensional `dest` indexed by pairs.
--
-- **Work:** *O(l)*  **Span:** *O(1)*
def scatter_2d 't [k] [n] [l] (dest: *[k][n]t) (is: [l](i64, i64)) (vs: [l]t): *[k][n]t =
  intrinsics.scatter_2d dest is vs

-- | Like `scatter`, but for a three-dimensional `dest` indexed by triples.
--
-- **Work:** *O(l)*  **Span:** *O(1)*
def scatter_3d 't [k] [n] [o] [l] (dest: *[k][n][o]t) (is: [l](i64, i64, i64)) (vs: [l]t): *[k][n][o]t =
  intrinsics.scatter_3d dest is vs

-- | An array of `k` elements that are all `x`, except at the positions `is`,
-- which get the values `vs` as with `scatter`.
--
-- **Work:** *O(k + n)*  **Span:** *O(1)*
def spread 't [n] (k: i64) (x: t) (is: [n]i64) (vs: [n]t): *[k]t =
  scatter (intrinsics.replicate k x) is vs

-- | The elements of `as` that satisfy `p`, in their original order.
--
-- **Work:** *O(n ✕ W(p))*  **Span:** *O(log(n) ✕ W(p))*
def filter [n] 'a (p: a -> bool) (as: [n]a): *[]a =
  let (counts, parts) = intrinsics.partition 1 (\x -> if p x then 0 else 1) as
  in parts[0:counts[0]]
