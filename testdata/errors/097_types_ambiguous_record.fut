-- Ambiguous type: the parameter is only known to have a field `w`, not its full record type.
-- ==
-- error: Type is ambiguous

def area r = r.w * r.h

def main (w: i32) (h: i32) = area {w, h}
