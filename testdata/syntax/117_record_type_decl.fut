-- Record type declarations, including nested record types and arrays of records.

-- | An RGB color with float channels.
type rgb = {r: f32, g: f32, b: f32}

-- | A pixel carries a position and a color.
type pixel = {pos: {x: i32, y: i32}, color: rgb}

type image [h][w] = [h][w]rgb

def grey (v: f32) : rgb = {r = v, g = v, b = v}

def luminance (c: rgb) : f32 = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b

def brighten [h][w] (img: image [h][w]) (k: f32) : image [h][w] =
  map (map (\c -> {r = c.r * k, g = c.g * k, b = c.b * k})) img

entry main (v: f32) : f32 =
  let p : pixel = {pos = {x = 1, y = 2}, color = grey v}
  in luminance p.color + f32.i32 p.pos.x

entry bright [h][w] (rs: [h][w]f32) : [h][w]f32 =
  map (map luminance) (brighten (map (map grey) rs) 2.0)
