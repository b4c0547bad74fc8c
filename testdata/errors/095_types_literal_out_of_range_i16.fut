-- Literal out of range: 70000 does not fit in the annotated i16.
-- ==
-- error: Literal 70000 out of bounds

def sample_rate : i16 = 70000

def samples (secs: i16) = secs * sample_rate
