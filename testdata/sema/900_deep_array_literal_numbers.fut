-- Unsuffixed numbers in one array literal take their type from the
-- other elements, from an annotation or from a use, whatever the order;
-- integers and floats may mix (the array is then of floats).

def bytes : []u8 = [0, 1, 255, 254]

def wide = [1, 2, 3i64, 4, 5]

def late = [1, 2, 3] ++ [4u16]

def mixed = [1, 2.5, 3, 4.25]

def negatives : []i8 = [-128, -1, 0, 127]

def halves : []f32 = [0.5, 1, 1.5, 2]

def check_types : ([]i64, []u16, []f64) = (wide, late, mixed)
