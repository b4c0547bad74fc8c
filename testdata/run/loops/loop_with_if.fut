-- description: branching inside a loop body: FizzBuzz counts.
-- ==
-- input { 15 } output { 4 2 1 8 }
-- input { 0 } output { 0 0 0 0 }

def main (n: i32) =
  loop (fizz, buzz, fizzbuzz, other) = (0, 0, 0, 0) for i < n do
    let k = i + 1
    in if k % 15 == 0 then (fizz, buzz, fizzbuzz + 1, other)
       else if k % 3 == 0 then (fizz + 1, buzz, fizzbuzz, other)
       else if k % 5 == 0 then (fizz, buzz + 1, fizzbuzz, other)
       else (fizz, buzz, fizzbuzz, other + 1)
