-- Match on integer literals with a catch-all case.

def day_name_length (d: i32) : i32 =
  match d
  case 0 -> 6 -- Monday
  case 1 -> 7
  case 2 -> 9
  case 3 -> 8
  case 4 -> 6
  case 5 -> 8
  case 6 -> 6
  case _ -> 0

-- | Suffixed literal patterns.
def small (x: u8) : bool =
  match x
  case 0u8 -> true
  case 1u8 -> true
  case _ -> false

def hex_case (x: i64) : i64 =
  match x
  case 0xFF -> 1
  case 0b101 -> 2
  case 1_000 -> 3
  case n -> n

entry main (xs: []i32) : []i32 = map day_name_length xs

entry others (x: u8) (y: i64) : (bool, i64) = (small x, hex_case y)
