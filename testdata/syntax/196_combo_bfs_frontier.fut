-- Breadth-first search on a graph in edge-list form, using scatter and while loops.

-- | Distances from `src`, or -1 for unreachable vertices.
def bfs [e] (n: i64) (srcs: [e]i64) (dsts: [e]i64) (src: i64) : [n]i32 =
  let dist = replicate n (-1i32)
  let dist[src] = 0
  let (dist, _, _) =
    loop (dist, level, changed) = (dist, 0i32, true) while changed do
      -- Edges leaving the current frontier whose target is unvisited.
      let active = map2 (\s d -> dist[s] == level && dist[d] == -1) srcs dsts
      let targets = map2 (\a d -> if a then d else -1) active dsts
      let dist' = scatter (copy dist) targets (replicate e (level + 1))
      in (dist', level + 1, or active)
  in dist

-- | Vertices reachable within k hops.
def within (k: i32) (dist: []i32) : []i64 =
  filter (\i -> dist[i] >= 0 && dist[i] <= k) (indices dist)

-- | Out-degree of every vertex via a histogram.
def degrees [e] (n: i64) (srcs: [e]i64) : [n]i32 = hist (+) 0 n srcs (replicate e 1)

entry main [e] (n: i64) (srcs: [e]i64) (dsts: [e]i64) (src: i64) : ([n]i32, []i64, [n]i32) =
  let d = bfs n srcs dsts src
  in (d, within 2 d, degrees n srcs)
