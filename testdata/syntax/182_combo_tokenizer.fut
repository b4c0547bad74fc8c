-- A tiny tokenizer: char patterns, sum types with payloads, and bool/int matches.

type token = #number i64 | #plus | #minus | #lparen | #rparen | #space | #invalid u8

-- | Classify a single byte.
def classify (c: u8) : token =
  match c
  case '+' -> #plus
  case '-' -> #minus
  case '(' -> #lparen
  case ')' -> #rparen
  case ' ' -> #space
  case '\n' -> #space
  case _ -> if c >= '0' && c <= '9' then #number (i64.u8 (c - '0')) else #invalid c

-- | Numeric code of a token kind.
def kind (t: token) : i32 =
  match t
  case #number _ -> 0
  case #plus -> 1
  case #minus -> 2
  case #lparen -> 4
  case #rparen -> 5
  case #space -> -1
  case #invalid _ -> -2

-- | Is the parenthesis structure balanced?
def balanced (s: []u8) : bool =
  let (depth, ok) =
    loop (depth, ok) = (0, true) for c in s do
      match (classify c, ok)
      case (_, false) -> (depth, false)
      case (#lparen, true) -> (depth + 1, true)
      case (#rparen, true) -> (depth - 1, depth > 0)
      case (_, true) -> (depth, true)
  in ok && depth == 0

entry kinds (s: []u8) : []i32 = map (\c -> kind (classify c)) s

entry check : (bool, bool) = (balanced "(1 + (2 - 3))\n", balanced "(()")
