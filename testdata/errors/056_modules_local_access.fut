-- Accessing a `local` definition from outside the module.
-- ==
-- error: Unknown name "rng.mix"

module rng = {
  local def mix (x: u32) : u32 = (x ^ (x >> 16)) * 0x45d9f3b
  def next (s: u32) : u32 = mix (s + 1)
}

def scramble (s: u32) = rng.mix s
