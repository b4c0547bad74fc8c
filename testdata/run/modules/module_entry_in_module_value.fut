-- description: values from modules used in entry points with several entries in one file.
-- ==
-- entry: area
-- input { 2.0 } output { 12.566370614359172 }

-- ==
-- entry: circumference
-- input { 2.0 } output { 12.566370614359172 }

-- ==
-- entry: diameter
-- input { 2.0 } output { 4.0 }

module circle = {
  def area (r: f64) = f64.pi * r * r
  def circumference (r: f64) = 2 * f64.pi * r
}

entry area (r: f64) = circle.area r
entry circumference (r: f64) = circle.circumference r
entry diameter (r: f64) = 2 * r
