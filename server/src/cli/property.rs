//! `property:` lines of test blocks, run as `futhark test` runs them: each
//! named entry point has a `#[prop]` attribute and the type `t -> bool`;
//! candidates of type `t` are generated (by the entry point `gen(g)` names,
//! `g : (size: i64) -> (seed: u64) -> t`, or from `t` itself when it is a
//! scalar, an array of scalars or a tuple of them), and a candidate for
//! which the property gives `false` (or fails) is a counterexample, shrunk
//! (by `shrink(s)`, `s : t -> u64 -> t`, or by taking rows out of arrays
//! and moving numbers towards zero) to the smallest one found, which the
//! failure reports. `size(N)` sets the size of the candidates (the largest
//! array length, or the size passed to the generator): 20 by default.
//! Each property gets 100 candidates.

use runic_eval::lower::modules::ValueType;
use runic_eval::run::RunError;
use runic_eval::value::{Array, Prim, Value};
use runic_eval::{Limits, Typed};
use runic_sema::types::PrimType;

use super::attributes::split_attribute;
use super::run::{call_with, Backend};

/// Candidates tried per property.
const CANDIDATES: u64 = 100;
/// The candidates' size when `size(N)` does not set it.
const DEFAULT_SIZE: i64 = 20;
/// The most shrinking steps taken (each a smaller counterexample).
const SHRINK_STEPS: usize = 1000;
/// Attempts of a `shrink` function without finding a smaller failure
/// before shrinking stops.
const SHRINK_ATTEMPTS: usize = 50;

/// The options of a `#[prop(...)]` attribute.
#[derive(Debug, Default)]
struct Options {
    gen: Option<String>,
    shrink: Option<String>,
    size: Option<i64>,
}

fn options(attributes: &[String]) -> Result<Option<Options>, String> {
    let Some((_, args)) = attributes
        .iter()
        .map(|a| split_attribute(a))
        .find(|(name, _)| name == "prop")
    else {
        return Ok(None);
    };
    let mut options = Options::default();
    for arg in args {
        let (key, value) = split_attribute(&arg);
        let value = value.into_iter().next().unwrap_or_default();
        match key.as_str() {
            "gen" => options.gen = Some(value),
            "shrink" => options.shrink = Some(value),
            "size" => {
                options.size = Some(
                    value
                        .parse()
                        .map_err(|_| format!("#[prop]: `size({value})` is not a number"))?,
                )
            }
            other => return Err(format!("#[prop]: unknown option `{other}`")),
        }
    }
    Ok(Some(options))
}

/// A small xorshift generator for sizes and seeds.
struct Seeds(u64);

impl Seeds {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// One property of a program, ready to test.
pub struct PropertyTest<'a> {
    pub program: &'a runic_eval::Program,
    pub backend: Backend,
    /// The attributes of each entry point.
    pub attributes: &'a std::collections::HashMap<String, Vec<String>>,
    pub seed: u64,
}

impl PropertyTest<'_> {
    fn call(&self, entry: &str, args: &[Typed]) -> Result<Vec<Value>, RunError> {
        let limits = Limits {
            memory: Some(super::DEFAULT_MEMORY_MIB << 20),
            ..Limits::default()
        };
        call_with(self.backend, self.program, entry, args, limits).0
    }

    /// Whether the property holds for `args`: `Ok(true)`, or why not.
    fn holds(&self, name: &str, args: &[Typed]) -> Result<bool, String> {
        match self.call(name, args) {
            Ok(values) => match values.as_slice() {
                [Value::Prim(Prim::Bool(b))] => Ok(*b),
                _ => Err(format!("property {name} did not give a bool")),
            },
            // A property that fails at run time does not hold.
            Err(RunError::Runtime(_)) => Ok(false),
            Err(other) => Err(other.to_string()),
        }
    }

    /// Tests the property `name`; the error describes the counterexample.
    pub fn check(&self, name: &str) -> Result<(), String> {
        let entry = self
            .program
            .entry(name)
            .ok_or_else(|| format!("no entry point named {name}"))?;
        let options = options(self.attributes.get(name).map_or(&[][..], Vec::as_slice))?
            .ok_or_else(|| format!("entry point {name} has no #[prop] attribute"))?;
        if entry.results
            != [ValueType::Prim {
                rank: 0,
                prim: PrimType::Bool,
            }]
        {
            return Err(format!("property {name} must return bool"));
        }
        let params = flat_params(&entry.params);
        let size = options.size.unwrap_or(DEFAULT_SIZE).max(0);
        let mut seeds = Seeds(self.seed | 1);
        for _ in 0..CANDIDATES {
            let candidate = match &options.gen {
                Some(gen) => self.generated(gen, size, seeds.next(), &params)?,
                None => automatic(&params, size, &mut seeds).map_err(|e| {
                    format!("property {name}: {e}; give it a generator with #[prop(gen(f))]")
                })?,
            };
            if self.holds(name, &candidate)? {
                continue;
            }
            let (smallest, steps) = self.shrunk(name, &options, candidate, &mut seeds)?;
            let shown: Vec<String> = smallest
                .iter()
                .map(|t| runic_eval::text::show_value(&t.value, Some(t.prim)))
                .collect();
            return Err(format!(
                "property {name} does not hold for {} (shrunk {steps} times; --seed {})",
                shown.join(" "),
                self.seed
            ));
        }
        Ok(())
    }

    /// A candidate from the generator entry point.
    fn generated(
        &self,
        gen: &str,
        size: i64,
        seed: u64,
        params: &[ValueType],
    ) -> Result<Vec<Typed>, String> {
        let args = [
            Typed {
                value: Value::Prim(Prim::I64(size)),
                prim: PrimType::I64,
            },
            Typed {
                value: Value::Prim(Prim::U64(seed)),
                prim: PrimType::U64,
            },
        ];
        let values = self
            .call(gen, &args)
            .map_err(|e| format!("generator {gen} failed: {e}"))?;
        Ok(typed_like(values, params))
    }

    /// The smallest counterexample reached from `candidate`, and the steps.
    fn shrunk(
        &self,
        name: &str,
        options: &Options,
        mut candidate: Vec<Typed>,
        seeds: &mut Seeds,
    ) -> Result<(Vec<Typed>, usize), String> {
        let mut steps = 0;
        'step: while steps < SHRINK_STEPS {
            match &options.shrink {
                Some(shrink) => {
                    for _ in 0..SHRINK_ATTEMPTS {
                        let mut args = candidate.clone();
                        args.push(Typed {
                            value: Value::Prim(Prim::U64(seeds.next())),
                            prim: PrimType::U64,
                        });
                        let smaller = self
                            .call(shrink, &args)
                            .map_err(|e| format!("shrinker {shrink} failed: {e}"))?;
                        let smaller = typed_like(smaller, &typed_params(&candidate));
                        if !same(&smaller, &candidate) && !self.holds(name, &smaller)? {
                            candidate = smaller;
                            steps += 1;
                            continue 'step;
                        }
                    }
                    break;
                }
                None => {
                    for smaller in smaller_candidates(&candidate) {
                        if !self.holds(name, &smaller)? {
                            candidate = smaller;
                            steps += 1;
                            continue 'step;
                        }
                    }
                    break;
                }
            }
        }
        Ok((candidate, steps))
    }
}

/// The parameters as the values passed (a tuple parameter is its
/// components).
fn flat_params(params: &[ValueType]) -> Vec<ValueType> {
    params
        .iter()
        .flat_map(|p| match p {
            ValueType::Tuple(items) => items.clone(),
            other => vec![other.clone()],
        })
        .collect()
}

fn typed_params(args: &[Typed]) -> Vec<ValueType> {
    args.iter()
        .map(|t| ValueType::Prim {
            rank: t.value.shape().len(),
            prim: t.prim,
        })
        .collect()
}

/// Values with the primitive types the parameters give them.
fn typed_like(values: Vec<Value>, params: &[ValueType]) -> Vec<Typed> {
    let values = match values.as_slice() {
        [Value::Tuple(items)] if params.len() > 1 => items.to_vec(),
        _ => values,
    };
    values
        .into_iter()
        .enumerate()
        .map(|(i, value)| {
            let prim = match params.get(i) {
                Some(ValueType::Prim { prim, .. }) => *prim,
                _ => PrimType::Bool,
            };
            Typed { value, prim }
        })
        .collect()
}

fn same(a: &[Typed], b: &[Typed]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            runic_eval::compare::first_mismatch(
                std::slice::from_ref(&x.value),
                std::slice::from_ref(y),
            )
            .is_none()
        })
}

/// A candidate generated from the parameter types: array lengths up to
/// `size`, numbers over their whole type, floats in [0, 1).
fn automatic(params: &[ValueType], size: i64, seeds: &mut Seeds) -> Result<Vec<Typed>, String> {
    let mut types = String::new();
    for p in params {
        let ValueType::Prim { rank, prim } = p else {
            return Err(format!(
                "cannot generate values of type {}",
                match p {
                    ValueType::Opaque(name) => name.clone(),
                    _ => "a nested tuple".into(),
                }
            ));
        };
        for _ in 0..*rank {
            let length = seeds.next() % (size as u64 + 1);
            types += &format!("[{length}]");
        }
        types += prim.name();
        types.push(' ');
    }
    runic_eval::random::generate(&types, &mut runic_eval::random::Rng::new(seeds.next()))
}

/// Candidates one step smaller than `args`: an array without half of its
/// rows or without one row, or one number moved towards zero.
fn smaller_candidates(args: &[Typed]) -> Vec<Vec<Typed>> {
    let mut out = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        let with = |value: Value| {
            let mut next = args.to_vec();
            next[i] = Typed {
                value,
                prim: arg.prim,
            };
            next
        };
        match &arg.value {
            Value::Array(a) if !a.shape.is_empty() && a.shape[0] > 0 => {
                let rows = a.shape[0] as usize;
                let mut cut = vec![(0, rows / 2), (rows / 2, rows)];
                cut.retain(|(from, to)| from < to);
                cut.extend((0..rows.min(16)).map(|r| (usize::MAX, r)));
                for (from, to) in cut {
                    out.push(with(Value::Array(std::rc::Rc::new(without_rows(
                        a, from, to,
                    )))));
                }
                if a.shape.len() == 1 {
                    for (at, element) in a.data.iter().enumerate().take(16) {
                        if let Value::Prim(p) = element {
                            for smaller in smaller_prims(p) {
                                let mut data = a.data.clone();
                                data.set(at, Value::Prim(smaller));
                                out.push(with(Value::Array(std::rc::Rc::new(Array::from_data(
                                    a.shape.clone(),
                                    data,
                                )))));
                            }
                        }
                    }
                }
            }
            Value::Prim(p) => {
                out.extend(smaller_prims(*p).into_iter().map(|s| with(Value::Prim(s))))
            }
            _ => {}
        }
    }
    out
}

/// `a` without rows `from..to`, or, when `from` is `usize::MAX`, without
/// the row `to` only.
fn without_rows(a: &Array, from: usize, to: usize) -> Array {
    let rows = a.shape[0] as usize;
    let (from, to) = if from == usize::MAX {
        (to, to + 1)
    } else {
        (from, to)
    };
    let width = a.data.len().checked_div(rows).unwrap_or(0);
    let mut data = a.data.slice(0..from * width);
    data.extend_from(&a.data, to * width..a.data.len());
    let mut shape = a.shape.clone();
    shape[0] = (rows - (to - from)) as i64;
    Array::from_data(shape, data)
}

/// Numbers closer to zero than `p` (zero, half of it, one step closer).
fn smaller_prims(p: Prim) -> Vec<Prim> {
    macro_rules! int {
        ($v:ident, $x:expr) => {{
            let x = $x;
            let mut c = vec![0, x / 2, x - x.signum()];
            c.dedup();
            c.into_iter().filter(|y| *y != x).map(Prim::$v).collect()
        }};
    }
    macro_rules! uint {
        ($v:ident, $x:expr) => {{
            let x = $x;
            let mut c = vec![0, x / 2, x.saturating_sub(1)];
            c.dedup();
            c.into_iter().filter(|y| *y != x).map(Prim::$v).collect()
        }};
    }
    macro_rules! float {
        ($v:ident, $x:expr) => {{
            let x = $x;
            [0.0, x.trunc(), x / 2.0]
                .into_iter()
                .filter(|y| y.is_finite() && *y != x && y.abs() < x.abs())
                .map(Prim::$v)
                .collect()
        }};
    }
    match p {
        Prim::I8(x) => int!(I8, x),
        Prim::I16(x) => int!(I16, x),
        Prim::I32(x) => int!(I32, x),
        Prim::I64(x) => int!(I64, x),
        Prim::U8(x) => uint!(U8, x),
        Prim::U16(x) => uint!(U16, x),
        Prim::U32(x) => uint!(U32, x),
        Prim::U64(x) => uint!(U64, x),
        Prim::F16(x) => float!(F16, x),
        Prim::F32(x) => float!(F32, x),
        Prim::F64(x) => float!(F64, x),
        Prim::Bool(true) => vec![Prim::Bool(false)],
        Prim::Bool(false) => vec![],
    }
}
