-- Numeric modules: constants (pi, inf, highest, lowest) and math functions.

def circle (r: f64) : f64 = f64.pi * r * r
def big : i64 = i64.highest
def small : i8 = i8.lowest
def angle (x: f32) (y: f32) : f32 = f32.atan2 y x
def logistic (x: f32) : f32 = 1 / (1 + f32.exp (-x))
def popc (x: u32) : i32 = u32.popc x
def rounded (x: f64) : f64 = f64.round x + f64.floor x + f64.ceil x
