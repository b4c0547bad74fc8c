-- Records: punned fields, patterns in parameters and nested records.

type box = {lo: {x: i32, y: i32}, hi: {x: i32, y: i32}}

def width ({lo, hi}: box) : i32 = hi.x - lo.x

def mk (x: i32) (y: i32) : {x: i32, y: i32} = {x, y}

def unit_box : box = {lo = mk 0 0, hi = mk 1 1}

def area (b: box) = width b * (b.hi.y - b.lo.y)
