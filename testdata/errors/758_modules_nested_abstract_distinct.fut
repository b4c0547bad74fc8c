-- Ascribing a module type twice gives two distinct abstract types, also
-- inside submodules: a token of one is not a token of the other.
-- ==
-- error: second.inner.token.*first.inner.token

module type issuer = {
  module inner: {type token val start : token val next : token -> token}
}

module first : issuer = {
  module inner = {
    type token = i64
    def start = 0i64
    def next (t: token) = t + 1
  }
}

module second : issuer = first

def mixed = second.inner.next first.inner.start
