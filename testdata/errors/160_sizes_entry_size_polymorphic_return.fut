-- Anonymous size in an entry point's return type: the caller cannot choose it.
-- ==
-- error: Entry point functions must not be size-polymorphic in their return type

entry empty_rows : [0][]f32 = []
