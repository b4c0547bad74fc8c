-- Functor types inside module type specs: module F: (x: S) -> T.

module type has_t = { type t val v : t }

module type shows = { type t val size : t -> i64 }

-- | A signature requiring a functor member.
module type plugin = {
  module make: (x: has_t) -> shows with t = x.t
  module fixed: has_t with t = i32
}

-- | An implementation of the plugin signature.
module impl : plugin = {
  module make (X: has_t) = {
    type t = X.t
    def size (_: t) : i64 = 1
  }
  module fixed = { type t = i32 def v = 5i32 }
}

-- | An unnamed functor type with a plain arrow.
module type transformer = {
  module apply: has_t -> has_t
}

module doubler : transformer = {
  module apply (X: has_t) = { type t = (X.t, X.t) def v = (X.v, X.v) }
}

module sizes = impl.make impl.fixed

entry main : (i64, i32) = (sizes.size impl.fixed.v, impl.fixed.v)
