-- More pattern matching: negative and float literals, nested constructors, records.

type temp = #celsius f32 | #kelvin f32
type reading = #ok temp | #missing | #error i32

-- | Nested constructor patterns with literal payloads.
def describe (r: reading) : i32 =
  match r
  case #ok (#celsius 0.0) -> 0
  case #ok (#celsius t) -> i32.f32 t
  case #ok (#kelvin 273.15) -> 0
  case #ok (#kelvin t) -> i32.f32 (t - 273.15)
  case #missing -> -1000
  case #error -1 -> -1
  case #error code -> -code

-- | Record patterns with negative literals, float literals and punning.
def classify (p: {dx: i32, dy: i32, w: f32}) : i32 =
  match p
  case {dx = -1, dy = 0, w = _} -> 1
  case {dx = 1, dy = 0, w = -0.5} -> 2
  case {dx = 0, dy, w = 1.0} -> 3 + dy
  case {dx, dy, w = _} -> dx * dy

entry main (t: f32) (code: i32) : [4]i32 =
  [describe (#ok (#celsius t)), describe (#ok (#kelvin t)), describe #missing, describe (#error code)]

entry dirs (dx: i32) (dy: i32) (w: f32) : i32 = classify {dx, dy, w}
