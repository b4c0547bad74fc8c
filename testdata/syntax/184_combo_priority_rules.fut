-- Rule matching with record, float, negative and nested-constructor patterns.

type level = #low | #mid | #high
type event = {kind: #alarm level | #info, data: (f32, i32)}

-- | Priority of an event: nested constructors inside a tuple scrutinee.
def priority (e: event) : i32 =
  match (e.kind, e.data)
  case (#alarm #high, _) -> 100
  case (#alarm #mid, (_, code)) -> 50 + code
  case (#alarm #low, (0.0, _)) -> 0
  case (#alarm #low, data) -> 10 + data.1
  case (#info, (x, _)) -> i32.f32 x

-- | Severity rules as record patterns with literal, negative and punned fields.
def severity (r: {sev: i32, data: (f32, i32)}) : i32 =
  match r
  case {sev = 0, data = (0.0, _)} -> 0
  case {sev = -1, data = (_, code)} -> code
  case {sev, data = (x, _)} -> sev + i32.f32 x

-- | Thresholds on exact float values and negative integers.
def adjust (x: f32) (code: i32) : f32 =
  match (x, code)
  case (0.5, -2) -> 0.0
  case (-0.5, _) -> 1.0
  case ((v: f32), (c: i32)) -> v * f32.i32 c

entry main (x: f32) (code: i32) : [4]i32 =
  [ priority {kind = #alarm #high, data = (x, code)}
  , priority {kind = #alarm #mid, data = (x, code)}
  , priority {kind = #alarm #low, data = (x, code)}
  , priority {kind = #info, data = (x, code)}
  ]

entry others (x: f32) (code: i32) : (i32, f32) = (severity {sev = code, data = (x, code)}, adjust x code)
