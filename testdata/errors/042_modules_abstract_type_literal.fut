-- Abstract type leak: a literal cannot have the abstract type `money.t`.
-- ==
-- error: with type[[:space:]]+money\.t[[:space:]]+as "[^[:space:]]+" must be one of

module money : { type t val add: t -> t -> t } = {
  type t = i64
  def add (a: t) (b: t) : t = a + b
}

def price : money.t = 100
