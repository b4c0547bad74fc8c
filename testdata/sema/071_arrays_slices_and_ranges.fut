-- Arrays: slices with strides, negative strides, and range expressions.

def evens [n] (xs: [n]i32) = xs[0::2]
def reversed [n] (xs: [n]i32) = xs[::-1]
def inner (m: [][]f32) = m[1:3, 1:3]
def ups (n: i64) = 0..<n
def downs (n: i64) = n..>0
def stepped = 1..3...11
def inclusive = 1...5
