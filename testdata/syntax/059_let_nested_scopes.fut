-- Let bindings nested inside if branches, loops, lambdas and match arms.

def classify (x: i32) : i32 =
  if x > 0
  then let y = x * 2
       in y + 1
  else let y = -x
       let z = y * 3
       in z - 1

def accumulate (xs: []i32) : i32 =
  loop acc = 0 for x in xs do
    let sq = x * x
    let acc' = acc + sq
    in acc'

def via_lambda (xs: []f32) : []f32 =
  map (\x -> let y = x + 1.0
             let z = y * y
             in z - x) xs

def choose (o: #some i32 | #none) : i32 =
  match o
  case #some v -> let w = v * 10 in w + 1
  case #none -> let d = 0 in d

entry main (x: i32) (xs: []i32) (fs: []f32) : (i32, i32, []f32, i32) =
  (classify x, accumulate xs, via_lambda fs, choose (#some x))
