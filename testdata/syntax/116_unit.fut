-- The unit value () and unit type, as a value, parameter and return type.

def nothing : () = ()

-- | A function taking unit as its only argument.
def constant () : i32 = 42

-- | A parameter of unit type that is ignored.
def with_unit (x: i32) (_: ()) : i32 = x + 1

-- | Unit inside a tuple and a record.
def pair_with_unit (x: f32) : (f32, ()) = (x, ())

def rec_with_unit = {value = 3i64, extra = ()}

entry main (x: i32) : (i32, i32) = (constant (), with_unit x nothing)

entry others (x: f32) : f32 = (pair_with_unit x).0 + f32.i64 rec_with_unit.value
