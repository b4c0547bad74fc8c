-- Function applied to too many arguments.
-- ==
-- error: only takes 2 arguments

def add (a: i32) (b: i32) : i32 = a + b

def sum3 (a: i32) (b: i32) (c: i32) : i32 = add a b c
