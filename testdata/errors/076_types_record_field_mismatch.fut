-- Record field type mismatch: `mass` is declared f64 but given a bool.
-- ==
-- error: When matching types of record field "mass"

type particle = {pos: f64, mass: f64}

def heavy (p: particle) : bool = p.mass > 10

def check = heavy {pos = 1.0, mass = true}
