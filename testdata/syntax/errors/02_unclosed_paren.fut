-- An unclosed tuple: recovery stops at the next `def`.
def pair = (1, 2

def h = 3
