-- description: match inside a lambda chooses the operation per element (branches may not return functions, so each applies its own).
-- ==
-- input { [0, 1, 9] [10, 10, 10] } output { [11, 20, 10] }

def main [n] (ks: [n]i32) (xs: [n]i32) =
  map2 (\k x -> match k
                case 0 -> x + 1
                case 1 -> x * 2
                case _ -> x) ks xs
