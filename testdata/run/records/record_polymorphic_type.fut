-- description: a polymorphic record type `type pair 'a = {fst: a, snd: a}` used at two types.
-- ==
-- input { 1 2 } output { 3 true }

type pair 'a = {fst: a, snd: a}

def both 'a (f: a -> a -> a) (p: pair a) = f p.fst p.snd

def main (a: i32) (b: i32) =
  (both (+) {fst = a, snd = b}, both (||) {fst = false, snd = true})
