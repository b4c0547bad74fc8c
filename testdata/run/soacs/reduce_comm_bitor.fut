-- description: reduce_comm with bitwise or and xor over u32 arrays.
-- ==
-- input { [1u32, 2u32, 4u32, 2u32] } output { 7u32 5u32 }
-- input { empty([0]u32) } output { 0u32 0u32 }

def main (xs: []u32) = (reduce_comm (|) 0 xs, reduce_comm (^) 0 xs)
