-- A small 3D vector library imported by several test programs.

type vec3 = {x: f64, y: f64, z: f64}

def vec (x: f64) (y: f64) (z: f64) : vec3 = {x, y, z}
def add (a: vec3) (b: vec3) : vec3 = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def scale (k: f64) (a: vec3) : vec3 = {x = k * a.x, y = k * a.y, z = k * a.z}
def dot (a: vec3) (b: vec3) = a.x * b.x + a.y * b.y + a.z * b.z
def cross (a: vec3) (b: vec3) : vec3 =
  {x = a.y * b.z - a.z * b.y, y = a.z * b.x - a.x * b.z, z = a.x * b.y - a.y * b.x}
def norm (a: vec3) = f64.sqrt (dot a a)
