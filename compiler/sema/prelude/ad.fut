-- | Automatic differentiation.
--
-- Forward mode (`jvp`) computes a Jacobian-vector product: how the result of
-- a function changes when its argument is perturbed in a given direction,
-- the *tangent*.  Reverse mode (`vjp`) computes a vector-Jacobian product:
-- given a weighting of the result's components, the *adjoint*, how much
-- each component of the argument contributes.  One application of `jvp`
-- gives one column of the Jacobian; one application of `vjp` gives one row.
--
-- The functions may take and return tuples, records and arrays of
-- floating-point numbers; the tangent has the type of the argument and the
-- adjoint the type of the result.  Integers and booleans are treated as
-- constants.  For example, the derivative of `f: f64 -> f64` at `x` is
-- `jvp f x 1` or, equally, `vjp f x 1`.

-- | `jvp2 f x x'` computes `f x` together with the derivative of `f` at `x`
-- in the direction `x'`.
def jvp2 'a 'b (f: a -> b) (x: a) (x': a): (b, b) =
  intrinsics.jvp2 f x x'

-- | `vjp2 f x y'` computes `f x` together with the adjoint `y'` pulled back
-- through `f` at `x`.
def vjp2 'a 'b (f: a -> b) (x: a) (y': b): (b, a) =
  intrinsics.vjp2 f x y'

-- | Forward-mode derivative: `jvp f x x'` is the second component of
-- `jvp2 f x x'`.
def jvp 'a 'b (f: a -> b) (x: a) (x': a): b =
  (jvp2 f x x').1

-- | Reverse-mode derivative: `vjp f x y'` is the second component of
-- `vjp2 f x y'`.
def vjp 'a 'b (f: a -> b) (x: a) (y': b): a =
  (vjp2 f x y').1

-- | `jmp2 f x seeds` computes `f x` together with one forward-mode
-- derivative of `f` at `x` for each tangent in `seeds` (a
-- Jacobian-matrix product): the same as mapping `jvp f x` over `seeds`.
def jmp2 'a 'b [n] (f: a -> b) (x: a) (seeds: [n]a): (b, [n]b) =
  (f x, intrinsics.map (\seed -> (jvp2 f x seed).1) seeds)

-- | `mjp2 f x seeds` computes `f x` together with one reverse-mode
-- derivative of `f` at `x` for each adjoint in `seeds` (a
-- matrix-Jacobian product): the same as mapping `vjp f x` over `seeds`.
def mjp2 'a 'b [n] (f: a -> b) (x: a) (seeds: [n]b): (b, [n]a) =
  (f x, intrinsics.map (\seed -> (vjp2 f x seed).1) seeds)

-- | Jacobian-matrix product: the second component of `jmp2`.
def jmp 'a 'b [n] (f: a -> b) (x: a) (seeds: [n]a): [n]b =
  (jmp2 f x seeds).1

-- | Matrix-Jacobian product: the second component of `mjp2`.
def mjp 'a 'b [n] (f: a -> b) (x: a) (seeds: [n]b): [n]a =
  (mjp2 f x seeds).1

-- | `with_vjp f f' x` is `f x`, with `f'` named as the reverse-mode
-- derivative of `f`: called with the result of `f` and its adjoint, it
-- gives the adjoint of `x`.  Runic's interpreter differentiates `f`
-- itself, so `f'` must agree with the true derivative of `f`.
def with_vjp 'a 'b (f: a -> b) (f': (res: b) -> (b_adj: b) -> a) (x: a): b =
  let _ = f'
  in f x

-- | `with_vjp` where `f` returns, beside its result, a tape of values its
-- derivative `f'` needs: `f'` gets the tape and the result's adjoint.
def with_vjp_tape 'a 'b 'c (f: a -> (c, b)) (f': (c, b) -> a) (x: a): b =
  (with_vjp f (\(tape, _) (_, adj) -> f' (tape, adj)) x).1
