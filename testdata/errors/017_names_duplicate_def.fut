-- Duplicate definition: two top-level `def`s named `step` in the same file.
-- ==
-- error: Duplicate definition of name step

def step (x: f32) : f32 = x * 0.5

def step (x: f32) : f32 = x * 0.25

def run (x: f32) = step (step x)
