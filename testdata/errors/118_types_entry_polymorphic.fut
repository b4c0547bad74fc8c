-- Entry point with a polymorphic type.
-- ==
-- error: Entry point functions may not be polymorphic

def rev 't (xs: []t) : []t = reverse xs

entry main 't (xs: []t) : []t = rev xs
