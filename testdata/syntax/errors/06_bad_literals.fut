-- A bad suffix, an unterminated string and a stray character.
def a = 12abc
def b = "unterminated
def c = 1 ยง 2
