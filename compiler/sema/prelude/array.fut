-- | Utility functions for arrays: construction, slicing, reshaping and
-- sequential folds.

import "soacs"
open import "zip"

-- | The number of elements in the outermost dimension of an array.
--
-- **Complexity:** O(1).
def length [n] 't (_: [n]t): i64 =
  n

-- | Whether an array is empty.
--
-- **Complexity:** O(1).
def null [n] 't (_: [n]t): bool =
  n == 0

-- | The first element of an array, which must not be empty.
--
-- **Complexity:** O(1).
def head [n] 't (x: [n]t): t =
  x[0]

-- | The last element of an array, which must not be empty.
--
-- **Complexity:** O(1).
def last [n] 't (x: [n]t): t =
  x[n - 1]

-- | Everything but the first element of an array, which must not be empty.
--
-- **Complexity:** O(1).
def tail [n] 't (x: [n]t): [n-1]t =
  x[1:]

-- | Everything but the last element of an array, which must not be empty.
--
-- **Complexity:** O(1).
def init [n] 't (x: [n]t): [n-1]t =
  x[0:n-1]

-- | The first `i` elements of an array.  `i` must be between 0 and the
-- length of the array.
--
-- **Complexity:** O(1).
def take [n] 't (i: i64) (x: [n]t): [i]t =
  x[0:i]

-- | The array without its first `i` elements.  `i` must be between 0 and the
-- length of the array.
--
-- **Complexity:** O(1).
def drop [n] 't (i: i64) (x: [n]t): [n-i]t =
  x[i:]

-- | The same array, but with the size `n` in its type.  It is a run-time
-- error if the array does not have `n` elements.
--
-- **Complexity:** O(1).
def sized [m] 't (n: i64) (xs: [m]t): [n]t =
  xs :> [n]t

-- | Split an array after its first `n` elements, where `n` and `m` are
-- determined by the expected type of the result.
--
-- **Complexity:** O(1).
def split [n] [m] 't (xs: [n+m]t): ([n]t, [m]t) =
  (xs[0:n], xs[n:n+m] :> [m]t)

-- | The elements of an array in the opposite order.
--
-- **Complexity:** O(1).
def reverse [n] 't (x: [n]t): [n]t =
  x[::-1]

-- | Concatenate two arrays; the infix form of `concat`.
--
-- **Work:** O(n + m).  **Span:** O(1).
def (++) [n] [m] 't (xs: [n]t) (ys: [m]t): *[n+m]t =
  intrinsics.concat xs ys

-- | Concatenate two arrays.
--
-- **Work:** O(n + m).  **Span:** O(1).
def concat [n] [m] 't (xs: [n]t) (ys: [m]t): *[n+m]t =
  xs ++ ys

-- | The array of the integers from 0 up to (not including) `n`.
--
-- **Work:** O(n).  **Span:** O(1).
def iota (n: i64): *[n]i64 =
  intrinsics.iota n

-- | The valid indices of an array: `iota (length xs)`.
--
-- **Work:** O(n).  **Span:** O(1).
def indices [n] 't (_: [n]t): *[n]i64 =
  iota n

-- | Rotate an array `r` places to the left: element `i` of the result is
-- element `(i + r) % n` of the argument.  A negative `r` rotates to the
-- right.
--
-- **Work:** O(n).  **Span:** O(1).
def rotate [n] 't (r: i64) (a: [n]t): *[n]t =
  intrinsics.rotate r a

-- | An array of `n` copies of `x`.
--
-- **Work:** O(n).  **Span:** O(1).
def replicate 't (n: i64) (x: t): *[n]t =
  intrinsics.replicate n x

-- | Like `replicate`, but the number of copies is taken from the expected
-- type of the result.
--
-- **Work:** O(n).  **Span:** O(1).
def rep 't [n] (x: t): *[n]t =
  replicate n x

-- | A copy of a value (usually an array) that shares nothing with the
-- original, so it can be consumed or updated in place.
--
-- **Work:** O(n).  **Span:** O(1).
def copy 't (a: t): *t =
  intrinsics.copy a

-- | Like `copy`, but also ensures that the result is laid out in memory in
-- row-major order.  Only affects performance.
--
-- **Work:** O(n).  **Span:** O(1).
def manifest 't (a: t): *t =
  intrinsics.manifest a

-- | Combine the two outer dimensions of an array into one.
--
-- **Complexity:** O(1).
def flatten [n] [m] 't (xs: [n][m]t): [n*m]t =
  intrinsics.flatten xs

-- | Combine the three outer dimensions of an array into one.
--
-- **Complexity:** O(1).
def flatten_3d [n] [m] [l] 't (xs: [n][m][l]t): [n*m*l]t =
  flatten (flatten xs)

-- | Combine the four outer dimensions of an array into one.
--
-- **Complexity:** O(1).
def flatten_4d [n] [m] [l] [k] 't (xs: [n][m][l][k]t): [n*m*l*k]t =
  flatten (flatten_3d xs)

-- | Split the outer dimension of an array into two, where `n` and `m` are
-- determined by the expected type of the result.
--
-- **Complexity:** O(1).
def unflatten 't [n] [m] (xs: [n*m]t): [n][m]t =
  intrinsics.unflatten xs

-- | Split the outer dimension of an array into three.
--
-- **Complexity:** O(1).
def unflatten_3d 't [n] [m] [l] (xs: [n*m*l]t): [n][m][l]t =
  unflatten (unflatten xs : [n*m][l]t)

-- | Split the outer dimension of an array into four.
--
-- **Complexity:** O(1).
def unflatten_4d 't [n] [m] [l] [k] (xs: [n*m*l*k]t): [n][m][l][k]t =
  unflatten (unflatten_3d xs : [n*m][l][k]t)

-- | Swap the two outer dimensions of an array.
--
-- **Complexity:** O(1).
def transpose [n] [m] 't (a: [n][m]t): [m][n]t =
  intrinsics.transpose a

-- | Whether all elements of the array are true.
--
-- **Work:** O(n).  **Span:** O(log(n)).
def and [n] (xs: [n]bool): bool =
  reduce (&&) true xs

-- | Whether any element of the array is true.
--
-- **Work:** O(n).  **Span:** O(log(n)).
def or [n] (xs: [n]bool): bool =
  reduce (||) false xs

-- | Sequential left fold: `foldl f acc [x0, x1, x2]` is
-- `f (f (f acc x0) x1) x2`.
--
-- **Work:** O(n ✕ W(f)).  **Span:** O(n ✕ S(f)).
def foldl [n] 'a 'b (f: a -> b -> a) (acc: a) (bs: [n]b): a =
  loop acc for b in bs do f acc b

-- | Sequential right fold: `foldr f acc [x0, x1, x2]` is
-- `f x0 (f x1 (f x2 acc))`.
--
-- **Work:** O(n ✕ W(f)).  **Span:** O(n ✕ S(f)).
def foldr [n] 'a 'b (f: b -> a -> a) (acc: a) (bs: [n]b): a =
  foldl (\a b -> f b a) acc (reverse bs)

-- | The array `[f 0, f 1, ..., f (n-1)]`.
--
-- **Work:** O(n ✕ W(f)).  **Span:** O(S(f)).
def tabulate 'a (n: i64) (f: i64 -> a): *[n]a =
  map f (iota n)

-- | The two-dimensional array whose element at `(i, j)` is `f i j`.
--
-- **Work:** O(n ✕ m ✕ W(f)).  **Span:** O(S(f)).
def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a): *[n][m]a =
  map (\i -> map (f i) (iota m)) (iota n)

-- | The three-dimensional array whose element at `(i, j, k)` is `f i j k`.
--
-- **Work:** O(n ✕ m ✕ o ✕ W(f)).  **Span:** O(S(f)).
def tabulate_3d 'a (n: i64) (m: i64) (o: i64) (f: i64 -> i64 -> i64 -> a): *[n][m][o]a =
  map (\i -> tabulate_2d m o (f i)) (iota n)

-- | Exclusive scan: `exscan op ne as` is `[ne, as[0], op as[0] as[1], ...]`
-- without its last element, so element `i` combines the elements before
-- position `i`.
--
-- **Work:** *O(n ✕ W(op))*  **Span:** *O(log(n) ✕ W(op))*
def exscan [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a): *[n]a =
  let inclusive = scan op ne as
  in map (\i -> if i == 0 then ne else inclusive[i - 1]) (iota n)

-- | Applies `f` to every element of `as`, where `f` returns an array of any
-- size and a value, and concatenates the arrays.  The result describes the
-- concatenation as a segmented array: the size of each segment (`shape`),
-- a flag for each element that is true where a segment begins (`flags`),
-- where each segment begins (`offsets`), the concatenated elements, and the
-- values `f` returned.
--
-- **Work:** *O(n + m)*
def flatmap [n] 'a 'b 'c (f: a -> ?[k].([k]b, c)) (as: [n]a)
    : ?[m].([n]i64, [m]bool, [n]i64, [m]b, [n]c) =
  let shape = map (\x -> length (f x).0) as
  let offsets = exscan (+) 0 shape
  -- Starting from the first array (not from `[]`) keeps the row shape of
  -- elements that are arrays themselves.
  let data: []b =
    if n == 0 then []
    else loop acc = (f as[0]).0 for i in 1..<n do acc ++ (f as[i]).0
  let starts = map2 (\o s -> if s > 0 then o else -1) offsets shape
  let flags = scatter (replicate (length data) false) starts (replicate n true)
  in (shape, flags, offsets, data, map (\x -> (f x).1) as)

-- | `flatmap` without the values: `f` returns only an array.
def flatmap' [n] 'a 'b (f: a -> ?[k].[k]b) (as: [n]a): ?[m].([n]i64, [m]bool, [n]i64, [m]b) =
  let (shape, flags, offsets, data, _) = flatmap (\x -> (f x, ())) as
  in (shape, flags, offsets, data)
