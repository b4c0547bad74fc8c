-- Non-function applied: `rate` is a number, not a function.
-- ==
-- error: Cannot apply expression as function: "rate"

def rate : f32 = 0.05

def interest (principal: f32) : f32 = principal * rate 12
