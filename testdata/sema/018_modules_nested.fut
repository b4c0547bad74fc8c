-- Module system: nested modules and qualified access.

module geometry = {
  module vec2 = {
    type t = {x: f32, y: f32}
    def add (a: t) (b: t) : t = {x = a.x + b.x, y = a.y + b.y}
    def len (a: t) : f32 = f32.sqrt (a.x * a.x + a.y * a.y)
  }
  def dist (a: vec2.t) (b: vec2.t) = vec2.len (vec2.add a {x = -b.x, y = -b.y})
}

def d = geometry.dist {x = 0, y = 0} {x = 3, y = 4}
