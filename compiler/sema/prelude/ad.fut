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
