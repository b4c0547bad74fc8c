-- Tokens that belong to no declaration.
) ] }
def ok = 1
in then
def also_ok = 2
