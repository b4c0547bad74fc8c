-- description: a polymorphic function over records with a type parameter.
-- ==
-- input { 3 2.5 } output { 3 2.5 }

def mk_pair 'a 'b (x: a) (y: b) : {fst: a, snd: b} = {fst = x, snd = y}
def swap 'a 'b (p: {fst: a, snd: b}) : {fst: b, snd: a} = {fst = p.snd, snd = p.fst}

def main (a: i32) (b: f64) =
  let p = swap (swap (mk_pair a b))
  in (p.fst, p.snd)
