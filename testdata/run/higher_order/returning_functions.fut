-- description: functions that return functions (curried builders), applied later. Branches may not return functions, so each builder returns one lambda.
-- ==
-- input { 3 4 } output { 7 12 64 }
-- input { 2 -5 } output { -3 -10 25 }

def adder (k: i32) : i32 -> i32 = \x -> x + k
def multiplier (k: i32) : i32 -> i32 = \x -> x * k
def power_of (b: i32) : i32 -> i32 = \e -> b ** e

def main (a: i32) (b: i32) = (adder a b, multiplier a b, power_of b a)
