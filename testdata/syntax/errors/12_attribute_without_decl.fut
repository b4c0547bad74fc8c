-- An attribute with nothing after it, then a broken one.
#[inline]
#[
def f = 1
