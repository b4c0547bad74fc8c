-- description: flattening attributes where they steer nothing, or reach
-- SOACs indirectly: on a `let`, on a scalar expression, on a call of a
-- function whose body maps, combined with `#[unsafe]`; they never change
-- the results.
-- ==
-- input { [[1i32, 2], [3, 4]] 5i32 } output { [6i32, 14i32] 6i32 [3i32, 7] }

def row_sums [n] [m] (xss: [n][m]i32) : [n]i32 = map i32.sum xss

entry main [n] [m] (xss: [n][m]i32) (k: i32) : ([n]i32, i32, [n]i32) =
  let doubled =
    #[flattening(only_inner)]
    let ys = map (map (* 2)) xss
    in map i32.sum ys
  let one = #[flattening(no_outer)] (k + 1)
  let sums = #[unsafe] #[flattening(only_inner)] row_sums xss
  in (doubled, one, #[flattening(sequentialise_nonuniform)] sums)
