-- Nested modules several levels deep, and qualified names M.N.x.

module outer = {
  def base : i32 = 10

  module middle = {
    def scale : i32 = 3

    module inner = {
      def value : i32 = 7
      def combine (x: i32) : i32 = x * value
    }
  }

  def total : i32 = base + middle.scale + middle.inner.value
}

-- | Module aliases to nested modules.
module inner_alias = outer.middle.inner

entry main (x: i32) : (i32, i32, i32, i32) =
  ( outer.middle.inner.combine x
  , outer.total
  , inner_alias.value
  , outer.middle.scale * outer.base
  )
