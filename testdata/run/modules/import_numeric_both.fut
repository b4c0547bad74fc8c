-- description: importing the same library file twice (directly and through a functor instance) is harmless.
-- ==
-- input { [2.0, 4.0] } output { 3.0 3 }

import "lib/numeric"
module N = import "lib/numeric"

module a = stats f64_number
module b = N.stats N.i32_number

def main (xs: []f64) = (a.mean xs, b.mean (map i32.f64 xs))
