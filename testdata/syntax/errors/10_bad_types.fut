-- Types with missing parts.
def f (x: [n]) : (i32, = x
type t = {a: , b: i32}
type u =
