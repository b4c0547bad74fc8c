-- Sum types stored in arrays and records, with match inside map.

type token = #num i32 | #op u8

type~ lexed = {tokens: []token, count: i64}

def count_ops (ts: []token) : i64 =
  ts |> map (\t -> match t case #op _ -> 1 case #num _ -> 0) |> i64.sum

def wrap (ts: []token) : lexed = {tokens = ts, count = length ts}
