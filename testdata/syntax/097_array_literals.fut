-- Array literals of various element types, including trailing commas.

def primes : [8]i32 = [2, 3, 5, 7, 11, 13, 17, 19]

def weights : []f32 = [0.25, 0.5, 0.25]

def flags = [true, false, true,]

-- | An array of tuples and an array of records.
def pairs : [](i32, u8) = [(1, 'a'), (2, 'b'), (3, 'c')]

def points : []{x: f32, y: f32} = [{x = 0.0, y = 0.0}, {x = 1.0, y = 2.0}]

-- | Array literal with computed elements.
def around (x: i32) : [3]i32 = [x - 1, x, x + 1]

entry main (x: i32) : ([8]i32, []f32, []bool, [3]i32) = (copy primes, copy weights, copy flags, around x)

entry structured : ([](i32, u8), []f32) = (copy pairs, map (.y) points)
