-- Parameter sizes may be inferred from earlier parameters.
def pair_up count ws = zip ws (replicate count 0u8)
def spread = \k rows -> zip rows (iota k)
