-- Aliasing through a record field: updating `st.data` consumes the original array.
-- ==
-- error: Using variable "data", but this was consumed

type~ state = {data: []f32, step: i64}

def advance (data: *[]f32) : f32 =
  let st : state = {data, step = 0}
  let d = st.data with [st.step] = 1
  in data[0] + d[0]
