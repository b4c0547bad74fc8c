-- error: "n".*scope-violation
-- A lambda's parameter may not become the size of an outer parameter.
def pairs (bs: []bool) =
  \(n: i64) (cs: [n]bool) -> zip bs cs
