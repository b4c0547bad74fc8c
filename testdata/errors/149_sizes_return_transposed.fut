-- Sizes: the return type promises [m][n] but the matrix is returned untransposed.
-- ==
-- error: Sizes "m" and "n" do not match

def flip [n][m] (xss: [n][m]f32) : [m][n]f32 =
  let scaled = map (map (* 2)) xss
  in scaled
