-- description: `open` inside a module body makes the opened names usable in the rest of that body.
-- ==
-- input { 9.0 } output { 3.0 }

module helpers = { def half (x: f64) = x / 2 }

module user = {
  open helpers
  def third (x: f64) = half x * 2 / 3
}

def main (x: f64) = user.third x
