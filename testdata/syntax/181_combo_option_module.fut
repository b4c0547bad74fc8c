-- A module of optional values: parametric sum types, functors and nested patterns.

module type optional = {
  type opt 'a
  val none 'a : opt a
  val some 'a : a -> opt a
  val get_or 'a : a -> opt a -> a
  val map 'a 'b : (a -> b) -> opt a -> opt b
}

module opt : optional with opt 'a = #none | #some a = {
  type opt 'a = #none | #some a
  def none 'a : opt a = #none
  def some 'a (x: a) : opt a = #some x
  def get_or 'a (d: a) (o: opt a) : a = match o case #some x -> x case #none -> d
  def map 'a 'b (f: a -> b) (o: opt a) : opt b =
    match o
    case #some x -> #some (f x)
    case #none -> #none
}

-- | Combining two optional values with constructor patterns in a tuple.
def both (a: opt.opt i32) (b: opt.opt i32) : opt.opt (i32, i32) =
  match (a, b)
  case (#some x, #some y) -> #some (x, y)
  case (#some (_: i32), #none) -> #none
  case (#none, _) -> #none

def lookup [n] (xs: [n]f32) (i: i64) : opt.opt f32 = if i >= 0 && i < n then opt.some xs[i] else opt.none
-- | A functor adding a default for a fixed element type.
module defaulted (D: {type t val d: t}) = { def unwrap (o: opt.opt D.t) : D.t = opt.get_or D.d o }

module dflt = defaulted({ type t = f32 def d = 0.0f32 })

entry main (xs: []f32) (i: i64) : f32 = dflt.unwrap (opt.map (* 2.0) (lookup xs i))

entry pairs (a: i32) (b: i32) : i32 =
  match both (opt.some a) (if b > 0 then opt.some b else opt.none)
  case #some (x, y) -> x + y
  case #none -> -1
