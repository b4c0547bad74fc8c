-- Overloaded literals: unconstrained integers default to i32, floats to f64.

def an_int = 42
def a_float = 2.5
def sum_ints = an_int + 1
def scaled = a_float * 2
def as_u8 : u8 = 200
def as_f32 : f32 = 1
def in_array = [1, 2, 3]
def i64_by_context (n: i64) = n + 7
