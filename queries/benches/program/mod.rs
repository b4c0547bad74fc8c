//! The generated 5,000-line program the benchmarks of this crate share
//! (blocks of realistic Futhark declarations) and the one-character edit
//! they make in it, and the timing of alternating edits.

/// One block of declarations (~105 lines), parameterised by `i` so blocks
/// differ; `prev` is an earlier block, called from this one.
pub fn block(i: usize, prev: usize) -> String {
    format!(
        r#"-- | Statistics over an array, shifted by {i}.
def mean_{i} [n] (xs: [n]f32) : f32 =
  let total = reduce (+) 0f32 (map (\x -> x + {i}f32) xs)
  in total / f32.i64 n

def variance_{i} [n] (xs: [n]f32) : f32 =
  let m = mean_{i} xs
  let ds = map (\x -> (x - m) * (x - m)) xs
  in f32.sum ds / f32.i64 n

def collatz_{i} (start: i64) : i64 =
  let (_, steps) =
    loop (x, steps) = (start + {i}, 0) while x > 1 do
      if x % 2 == 0 then (x / 2, steps + 1) else (3 * x + 1, steps + 1)
  in steps

def histogram_{i} [n] (k: i64) (xs: [n]i64) : [k]i32 =
  let bins = map (\x -> (x + {i}) % k) xs
  in hist (+) 0 k bins (replicate n 1)

type shape_{i} = #circle f64 | #rect f64 f64 | #tri {{a: f64, b: f64, c: f64}}

def area_{i} (s: shape_{i}) : f64 =
  match s
  case #circle r -> 3.14159 * r * r
  case #rect w h -> w * h
  case #tri {{a, b, c}} ->
    let p = (a + b + c) / 2
    in f64.sqrt (p * (p - a) * (p - b) * (p - c))

type particle_{i} = {{pos: (f32, f32), vel: (f32, f32), mass: f32}}

def step_{i} (dt: f32) (p: particle_{i}) : particle_{i} =
  let (x, y) = p.pos
  let (vx, vy) = p.vel
  in p with pos = (x + dt * vx, y + dt * vy)

module type counter_{i} = {{
  type t
  val zero : t
  val incr : t -> t
  val value : t -> i64
}}

module counter_impl_{i} : counter_{i} = {{
  type t = i64
  def zero : t = {i}
  def incr (x: t) : t = x + 1
  def value (x: t) : i64 = x
}}

def count_up_{i} (n: i64) : i64 =
  let c = loop c = counter_impl_{i}.zero for _i < n do counter_impl_{i}.incr c
  in counter_impl_{i}.value c

def matmul_{i} [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\row -> map (\col -> f32.sum (map2 (*) row col)) (transpose b)) a

def prefix_max_{i} (xs: []i32) : []i32 =
  scan i32.max i32.lowest (map (+ {i}) xs)

def update_{i} [n] (xs: *[n]i32) (i: i64) : *[n]i32 =
  if i >= 0 && i < n then xs with [i] = {i} else xs

def classify_{i} (x: i32) : i32 =
  match x
  case 0 -> 1
  case 1 -> {i}
  case _ -> if x < 0 then -x else x * 2

entry main_{i} (xs: []i32) (ys: []f32) : (i32, f32, []i32) =
  let best = reduce i32.max i32.lowest (map classify_{i} xs)
  let v = variance_{i} ys
  let zs = filter (\x -> x > best / 2) (prefix_max_{i} xs)
  in (best, v, zs)

module sum_by_{i} (M: {{type t val add : t -> t -> t val zero : t}}) = {{
  def sum (xs: []M.t) : M.t = reduce M.add M.zero xs
  def twice (x: M.t) : M.t = M.add x x
}}

module sum_i32_{i} = sum_by_{i} {{
  type t = i32
  def add (a: i32) (b: i32) : i32 = a + b
  def zero : i32 = 0
}}

local def clamp_{i} (lo: i32) (hi: i32) (x: i32) : i32 = i32.min hi (i32.max lo x)

def pipeline_{i} (n: i64) : i32 =
  iota n
  |> map i32.i64
  |> map (clamp_{i} 0 {i})
  |> filter (\x -> x % 2 == 1)
  |> sum_i32_{i}.sum

def pairs_{i} [n] (xs: [n]i32) (ys: [n]f32) : ([n]i32, [n]f32) =
  let ps = zip xs ys |> map (\(a, b) -> (a + {i}, b * 2))
  in unzip ps

def weighted_{i} (ws: []f32) : f32 =
  loop acc = 0f32 for w in ws do acc + w * {i}f32

def chain_{i} (x: i32) : i32 = classify_{prev} x + pipeline_{prev} 3

"#
    )
}

/// A program of at least `lines` lines, made of consecutive blocks.
pub fn program(lines: usize) -> String {
    let mut text = String::new();
    let mut count = 0;
    let mut i = 0;
    while count < lines {
        let block = block(i, i.saturating_sub(1));
        count += block.lines().count();
        text.push_str(&block);
        i += 1;
    }
    text
}

/// `text` with one character changed inside a function body in the middle
/// of the program: `x / 2` becomes `x / 3` in a `collatz_*` loop.
#[allow(dead_code)] // Not every user of this module needs it.
pub fn one_char_edit(text: &str) -> String {
    let middle = text.len() / 2;
    let at = middle
        + text[middle..]
            .find("(x / 2,")
            .expect("a collatz loop after the middle")
        + "(x / ".len();
    let mut edited = text.to_string();
    edited.replace_range(at..at + 1, "3");
    edited
}

/// `text` with one more character in a function body in its middle:
/// `(x / 2,` becomes `(x / 22,` in a `collatz_*` loop, so every later
/// declaration moves by one byte (as typing does).
#[allow(dead_code)] // Not every bench that includes this module uses it.
pub fn one_char_insert(text: &str) -> String {
    let middle = text.len() / 2;
    let at = middle
        + text[middle..]
            .find("(x / 2,")
            .expect("a collatz loop after the middle")
        + "(x / 2".len();
    let mut edited = text.to_string();
    edited.insert(at, '2');
    edited
}

/// The time of `iters` edits of the file at `path`: each sets the other
/// of `texts` than the last one (`next` says which was last), then runs
/// `request` with the index of the text now set. Only the edit and the
/// request are timed, not the cloning of the text.
#[allow(dead_code)] // Not every bench that includes this module uses it.
pub fn time_alternating_edits(
    iters: u64,
    workspace: &mut runic_queries::Workspace,
    path: &str,
    texts: &[String; 2],
    next: &mut usize,
    mut request: impl FnMut(&runic_queries::Workspace, usize),
) -> std::time::Duration {
    let mut total = std::time::Duration::ZERO;
    for _ in 0..iters {
        *next = 1 - *next;
        let new_text = texts[*next].clone();
        let start = std::time::Instant::now();
        workspace.set_text(path, new_text);
        request(workspace, *next);
        total += start.elapsed();
    }
    total
}
