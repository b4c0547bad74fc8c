-- `#[warn(safety_checks)]` asks for a warning at each bounds check in the expression.
-- ==
-- warning: Safety check required

def pick (table: []i32) (at: i64) : i32 =
  #[warn(safety_checks)]
  (table[at] + 1)
