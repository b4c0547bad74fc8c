//! The one-operation cases of the interpreter benchmark over 10^7
//! scalars, shared by `benches/interp.rs` (criterion, wall time) and
//! `examples/throughput.rs` (elements a second of the thread's CPU time,
//! for loaded machines).

/// One SOAC over `n` scalars per entry point.
pub const LEAN: &str = "
entry map_sum (n: i64) : i64 = i64.sum (map (*2) (iota n))
entry map_f64 (n: i64) : f64 = f64.sum (map (\\i -> f64.i64 i * 0.5 + 1) (iota n))
entry map_if (n: i64) : i64 = i64.sum (map (\\i -> if i % 3 == 0 then i / 3 else -i) (iota n))
entry scan_last (n: i64) : i64 = last (scan (+) 0 (iota n))
entry reduce_lambda (n: i64) : i64 = reduce (\\a b -> a + b * 3) 0 (iota n)
entry iota_only (n: i64) : []i64 = iota n
";

/// The entry points of [`LEAN`].
pub const LEAN_ENTRIES: [&str; 6] = [
    "map_sum",
    "map_f64",
    "map_if",
    "scan_last",
    "reduce_lambda",
    "iota_only",
];

/// One operation per entry point, over an input array of the type `T`.
pub const TYPED: &str = "
entry map_op (xs: []T) : []T = map (* 3) xs
entry map_lambda (xs: []T) : []T = map (\\x -> x * 2 + 1) xs
entry sum (xs: []T) : T = reduce (+) 0 xs
entry prefix (xs: []T) : []T = scan (+) 0 xs
entry map_reduce (xs: []T) : T = reduce (+) 0 (map (\\x -> x * 2) xs)
entry fill (xs: []T) : []T = replicate (length xs) xs[0]
entry zip_unzip (xs: []T) : ([]T, []T) = unzip (zip xs xs)
entry reversed (xs: []T) : []T = let n = length xs in map (\\i -> xs[n - 1 - i]) (iota n)
entry map2_op (xs: []T) : []T = map2 (\\x y -> x * y + x) xs xs
entry convert (xs: []T) : []f64 = map (\\x -> f64.T x * 2) xs
entry gather (xs: []T) : []T =
  let n = length xs
  let idx = map (\\i -> (i * 7) % n) (iota n)
  in map (\\i -> xs[i]) idx
";

/// The entry points of [`TYPED`].
pub const TYPED_ENTRIES: [&str; 11] = [
    "map_op",
    "map_lambda",
    "sum",
    "prefix",
    "map_reduce",
    "fill",
    "zip_unzip",
    "reversed",
    "map2_op",
    "convert",
    "gather",
];

/// The little-endian bytes of an element of a type made from an index.
type Encode = fn(usize) -> Vec<u8>;

/// A case: its name, program, entry point and input (binary or text).
pub struct Case {
    pub name: String,
    pub program: String,
    pub entry: &'static str,
    pub input: Vec<u8>,
}

/// Every case over `n` elements whose name contains `filter`.
pub fn cases(n: usize, filter: &str) -> Vec<Case> {
    let mut out = Vec::new();
    for entry in LEAN_ENTRIES {
        out.push(Case {
            name: format!("{entry}_1e7"),
            program: LEAN.to_string(),
            entry,
            input: format!("{n}i64").into_bytes(),
        });
    }
    let types: [(&str, &str, Encode); 4] = [
        ("i32", " i32", |i| (i as i32).to_le_bytes().to_vec()),
        ("i64", " i64", |i| (i as i64).to_le_bytes().to_vec()),
        ("f32", " f32", |i| (i as f32).to_le_bytes().to_vec()),
        ("f64", " f64", |i| (i as f64).to_le_bytes().to_vec()),
    ];
    for (t, tag, elem) in types {
        let input = binary_input(tag, n, elem);
        for entry in TYPED_ENTRIES {
            out.push(Case {
                name: format!("{entry}_{t}_1e7"),
                program: TYPED.replace('T', t),
                entry,
                input: input.clone(),
            });
        }
    }
    out.retain(|c| c.name.contains(filter));
    out
}

/// The binary encoding of `n` elements of type `tag` (` i32`, ...),
/// element `i` being `elem(i % 1000)`.
fn binary_input(tag: &str, n: usize, elem: impl Fn(usize) -> Vec<u8>) -> Vec<u8> {
    let mut out = vec![b'b', 2, 1];
    out.extend_from_slice(tag.as_bytes());
    out.extend_from_slice(&(n as u64).to_le_bytes());
    for i in 0..n {
        out.extend_from_slice(&elem(i % 1000));
    }
    out
}
