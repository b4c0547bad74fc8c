-- The built-in intrinsics module cannot be bound or ascribed as a module.
-- ==
-- error: The 'intrinsics' module may not be used in module expressions

module prims = intrinsics

def answer = 42i32
