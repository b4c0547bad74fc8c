-- Module system: `open` inside a module and a local `M.(expr)` open.

module consts = {
  def g = 9.81f32
  def c = 299792458f32
}

module physics = {
  open consts
  def fall_time (h: f32) = f32.sqrt (2 * h / g)
}

def energy (m: f32) = consts.(m * c * c)
def t = physics.fall_time 20
