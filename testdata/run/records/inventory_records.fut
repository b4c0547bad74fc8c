-- description: an inventory of item records (as parallel arrays at the boundary) processed with filter, map and reduce.
-- ==
-- input { [1, 2, 3, 4] [10, 0, 5, 2] [2.5, 10.0, 1.0, 4.0] } output { 38.0 [1, 3, 4] 3i64 }

type item = {id: i32, qty: i32, price: f64}

def main [n] (ids: [n]i32) (qtys: [n]i32) (prices: [n]f64) =
  let items : [n]item = map3 (\id qty price -> {id, qty, price}) ids qtys prices
  let in_stock = filter (\(it: item) -> it.qty > 0) items
  let value = reduce (+) 0 (map (\(it: item) -> f64.i32 it.qty * it.price) in_stock)
  in (value, map (.id) in_stock, length in_stock)
