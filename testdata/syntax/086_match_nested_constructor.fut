-- Nested constructor patterns: constructors inside constructors and tuples.

type inner = #small i32 | #large i64
type outer = #wrap inner | #both inner inner | #nothing

def size (o: outer) : i64 =
  match o
  case #wrap (#small x) -> i64.i32 x
  case #wrap (#large y) -> y
  case #both (#small a) (#small b) -> i64.i32 (a + b)
  case #both (#large a) _ -> a
  case #both (#small _) (#large b) -> b
  case #nothing -> 0

-- | Constructors inside a tuple scrutinee.
def combine (p: (#on | #off, #on | #off)) : i32 =
  match p
  case (#on, #on) -> 2
  case (#on, #off) -> 1
  case (#off, #on) -> 1
  case (#off, #off) -> 0

entry main (x: i32) (y: i64) : (i64, i64, i32) =
  ( size (#both (#small x) (#large y))
  , size (#wrap (#small x))
  , combine (#on, #off)
  )
