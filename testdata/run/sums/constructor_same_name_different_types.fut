-- description: the same constructor name used in two different sum types; type annotations disambiguate.
-- ==
-- input { 3 } output { 3 6 }

type a = #val i32 | #nothing
type b = #val i32 | #other bool

def fa (x: a) = match x case #val v -> v case #nothing -> 0
def fb (x: b) = match x case #val v -> v * 2 case #other _ -> 0

def main (x: i32) = (fa (#val x), fb (#val x))
