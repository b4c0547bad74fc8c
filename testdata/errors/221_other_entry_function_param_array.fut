-- Entry point taking an opaque higher-order argument inside a tuple.
-- ==
-- error: Entry point functions may not be higher-order

entry run_pair (p: (i32, i32 -> i32)) : i32 =
  p.1 p.0
