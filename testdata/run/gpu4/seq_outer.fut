-- `#[sequential_outer]` runs the outer level of a SOAC as a host loop,
-- what is nested in it in parallel.
-- ==
-- input { [[1f32, 2f32], [3f32, 4f32]] } output { [3f32, 7f32] }
-- structure gpu { /Loop 1 /Loop/SegRed 1 }

entry main (xss: [][]f32) : []f32 =
  #[sequential_outer] map f32.sum xss
