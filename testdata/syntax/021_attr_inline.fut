-- Declaration attributes #[inline] and #[noinline].

-- | Forced inlining of a tiny helper.
#[inline]
def sq (x: f32) : f32 = x * x

#[noinline]
def expensive (x: f32) : f32 = f32.sqrt (sq x + 1.0)

#[inline] def cube (x: f32) : f32 = x * sq x

-- | Attribute on a local definition inside a module.
module helpers = {
  #[noinline]
  def twice (x: f32) : f32 = x + x
}

entry main (xs: []f32) : []f32 =
  map (\x -> expensive x + cube x + helpers.twice x) xs

-- #[noinline] on an application expression
entry direct (x: f32) : f32 = #[noinline] expensive x
