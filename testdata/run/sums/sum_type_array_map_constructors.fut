-- description: constructors used as functions in map (a constructor applied to a payload via lambda).
-- ==
-- input { [1, 2, 3] } output { [2, 4, 6] }

type wrapped = #wrap i32

def unwrap (w: wrapped) = match w case #wrap v -> v

def main (xs: []i32) = map (\x -> #wrap (x * 2) : wrapped) xs |> map unwrap
