-- description: match on float and negative integer literals.
-- ==
-- entry: fl
-- input { 0.5 } output { 1 }
-- input { 1.0 } output { 2 }
-- input { 2.0 } output { 0 }

-- ==
-- entry: neg
-- input { -1 } output { true }
-- input { 1 } output { false }

entry fl (x: f64) = match x case 0.5 -> 1 case 1.0 -> 2 case _ -> 0
entry neg (x: i32) = match x case -1 -> true case _ -> false
