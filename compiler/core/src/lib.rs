//! Runic's middle end: the core SOAC IR (`ir`), its checker (`check`) and
//! printer (`print`), internalisation from the elaborated program
//! (`internalise`), and an evaluator for the IR (`eval`) that `runic run
//! --backend core` uses for differential testing against the interpreter.
//!
//! Like every compiler crate it does no IO and knows nothing of salsa or
//! LSP. Its input is the interpreter's elaborated program
//! (`runic_eval::Program`): module and functor elaboration happens once,
//! in `runic_eval::lower`, and both back ends start from its result.

pub mod ad;
pub mod attrs;
pub mod check;
pub mod copies;
pub mod cse;
pub mod eval;
pub mod fuse;
pub mod internalise;
pub mod ir;
pub mod metrics;
pub mod print;
pub mod simplify;
pub mod soacs;

pub use ir::Program;

use runic_eval::lower::modules::ValueType;
use runic_eval::run::RunError;
use runic_eval::{Typed, Value};

use internalise::Layout;

/// How far down the middle end to take a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Internalised and simplified.
    Soacs,
    /// Then fused and simplified again.
    Fused,
}

/// A program compiled to a [`Stage`]: the core program, the layouts of
/// its results, and what fusion decided (empty before fusion).
pub struct Compiled {
    pub program: Program,
    pub results: Vec<Layout>,
    pub fusion: fuse::Fusion,
}

/// Stack for the passes over the core IR, which recurse on its nesting
/// (an `else if` chain of 100,000 arms nests that deep): reserved as
/// address space, so only what a pass uses costs memory.
const PASS_STACK: usize = 1 << 30;

/// Runs `f` (core passes, or dropping a core program) on a stack of
/// [`PASS_STACK`] bytes, unless this one has half of that left.
pub fn on_pass_stack<R>(f: impl FnOnce() -> R) -> R {
    match stacker::remaining_stack() {
        Some(left) if left >= PASS_STACK / 2 => f(),
        _ => stacker::grow(PASS_STACK, f),
    }
}

/// The core program of one entry point after every pass of the middle
/// end; also the layouts of its results.
pub fn compile_entry(
    src: &runic_eval::Program,
    name: &str,
    params: &[Layout],
) -> Result<(Program, Vec<Layout>), String> {
    let c = compile_entry_to(src, name, params, Stage::Fused)?;
    Ok((c.program, c.results))
}

/// The core program of one entry point, internalised for parameters of
/// the given layouts (one per source parameter) and taken to `stage`,
/// checked after each pass in debug builds.
pub fn compile_entry_to(
    src: &runic_eval::Program,
    name: &str,
    params: &[Layout],
    stage: Stage,
) -> Result<Compiled, String> {
    on_pass_stack(|| compile_entry_to_here(src, name, params, stage))
}

fn compile_entry_to_here(
    src: &runic_eval::Program,
    name: &str,
    params: &[Layout],
    stage: Stage,
) -> Result<Compiled, String> {
    let Some(entry) = src.entry(name) else {
        return Err(format!("no entry point named `{name}`"));
    };
    let (mut program, results) =
        internalise::entry(src, entry, params).map_err(|e| e.to_string())?;
    soacs_passes(&mut program)?;
    let mut fusion = fuse::Fusion::default();
    if stage == Stage::Fused {
        fusion = fused_passes(&mut program)?;
    }
    Ok(Compiled {
        program,
        results,
        fusion,
    })
}

/// One entry point at both stages, sharing the passes they have in
/// common: the `soacs` program as printed text, then the fused program.
pub fn compile_entry_stages(
    src: &runic_eval::Program,
    name: &str,
    params: &[Layout],
) -> Result<(String, Compiled), String> {
    on_pass_stack(|| compile_entry_stages_here(src, name, params))
}

fn compile_entry_stages_here(
    src: &runic_eval::Program,
    name: &str,
    params: &[Layout],
) -> Result<(String, Compiled), String> {
    let Some(entry) = src.entry(name) else {
        return Err(format!("no entry point named `{name}`"));
    };
    let (mut program, results) =
        internalise::entry(src, entry, params).map_err(|e| e.to_string())?;
    soacs_passes(&mut program)?;
    let soacs = print::program(&program);
    let fusion = fused_passes(&mut program)?;
    Ok((
        soacs,
        Compiled {
            program,
            results,
            fusion,
        },
    ))
}

/// The passes after internalisation that give the `soacs` stage.
fn soacs_passes(program: &mut Program) -> Result<(), String> {
    checked(program, "internalisation")?;
    simplify::program(program);
    checked(program, "simplification")
}

/// The passes from the `soacs` stage to the `fused` one; what fusion
/// decided.
fn fused_passes(program: &mut Program) -> Result<fuse::Fusion, String> {
    let mut fusion = fuse::Fusion::default();
    cse::program(program);
    simplify::program(program);
    checked(program, "common subexpression elimination")?;
    // Fusion makes new producers for the SOAC rules (a fused map
    // that is transposed or unflattened), so a second round.
    for _ in 0..2 {
        soacs::program(program);
        simplify::program(program);
        checked(program, "SOAC simplification")?;
        fusion.merge(fuse::program(program));
        checked(program, "fusion")?;
        simplify::program(program);
        checked(program, "simplification after fusion")?;
    }
    Ok(fusion)
}

/// Runs the IR checker after a pass (in debug builds, so in tests).
fn checked(program: &Program, pass: &str) -> Result<(), String> {
    if cfg!(debug_assertions) {
        check::program(program)
            .inspect_err(|_| {
                if std::env::var_os("RUNIC_DUMP_CORE").is_some() {
                    eprintln!("{}", print::program(program));
                }
            })
            .map_err(|e| format!("internal error: the core IR is invalid after {pass}: {e}"))?;
    }
    Ok(())
}

/// The layouts of an entry point's parameters as its declared types give
/// them (for printing the IR without arguments).
pub fn declared_layouts(src: &runic_eval::Program, name: &str) -> Result<Vec<Layout>, String> {
    let Some(entry) = src.entry(name) else {
        return Err(format!("no entry point named `{name}`"));
    };
    entry
        .param_types()
        .map(|p| {
            internalise::layout_of_type(p).ok_or_else(|| {
                format!("entry point `{name}`: a parameter of an opaque type cannot be compiled to the core IR yet")
            })
        })
        .collect()
}

/// Runs an entry point through the core IR: internalised for the
/// arguments' layouts, checked (in debug builds), evaluated.
pub fn call_entry(
    src: &runic_eval::Program,
    name: &str,
    args: &[Typed],
) -> Result<Vec<Value>, RunError> {
    // The program is dropped on the deep stack too.
    on_pass_stack(|| {
        let (program, results, flat) = prepare_entry(src, name, args, Stage::Fused)?;
        let out = eval::run(&program, name, flat).map_err(RunError::Runtime)?;
        Ok(entry_results(src, name, &results, out))
    })
}

/// An entry point's result values from the flat values of its core
/// program (`results` its result layouts), as the interpreter gives them:
/// an array of tuples or records, a tuple of arrays in the core IR, is
/// zipped back into rows. Every backend running core programs ends so.
pub fn entry_results(
    src: &runic_eval::Program,
    name: &str,
    results: &[Layout],
    out: Vec<eval::CVal>,
) -> Vec<Value> {
    let mut out = out.into_iter();
    let declared = src.entry(name).map(|e| e.results.as_slice()).unwrap_or(&[]);
    results
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let v = eval::unflatten_value(l, &mut out);
            match (declared.get(k), l) {
                (Some(ValueType::Opaque(t)), Layout::Tuple(_) | Layout::Record(_)) => {
                    zip_rows(v, array_rank(t))
                }
                _ => v,
            }
        })
        .collect()
}

/// How many array dimensions a type's text starts with (`[][n](a, b)`: 2).
fn array_rank(t: &str) -> usize {
    let mut rank = 0;
    let mut rest = t.trim_start_matches('*');
    while let Some(after) = rest.strip_prefix('[') {
        match after.find(']') {
            Some(end) => {
                rank += 1;
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
    rank
}

/// A tuple (or record) of arrays as the array of `rank` dimensions of
/// tuples (or records) it stands for.
fn zip_rows(v: Value, rank: usize) -> Value {
    fn rows(v: &Value) -> Option<usize> {
        match v {
            Value::Array(a) => Some(a.len() as usize),
            Value::Tuple(items) => items.iter().find_map(rows),
            Value::Record(fields) => fields.iter().find_map(|(_, f)| rows(f)),
            _ => None,
        }
    }
    fn row(v: &Value, i: usize) -> Value {
        match v {
            Value::Array(a) => a.row(i),
            Value::Tuple(items) => Value::Tuple(items.iter().map(|x| row(x, i)).collect()),
            Value::Record(fields) => {
                Value::record(fields.iter().map(|(n, f)| (n.clone(), row(f, i))).collect())
            }
            other => other.clone(),
        }
    }
    if rank == 0 || matches!(v, Value::Array(_)) {
        return v;
    }
    let Some(n) = rows(&v) else {
        return v;
    };
    let items: Vec<Value> = (0..n).map(|i| zip_rows(row(&v, i), rank - 1)).collect();
    match runic_eval::value::Array::from_rows(items, &[]) {
        Ok(a) => Value::Array(std::rc::Rc::new(a)),
        Err(_) => v,
    }
}

/// An entry point compiled to the core IR for the layouts of its
/// arguments: the program, the layouts of its results, and the arguments
/// as core values (what every back end after the core IR starts from).
pub fn prepare_entry(
    src: &runic_eval::Program,
    name: &str,
    args: &[Typed],
    stage: Stage,
) -> Result<(Program, Vec<Layout>, Vec<eval::CVal>), RunError> {
    let Some(entry) = src.entry(name) else {
        return Err(RunError::NoEntry {
            name: name.to_string(),
            available: src.entries.iter().map(|e| e.name.clone()).collect(),
        });
    };
    // The interpreter's check of the arguments' types, so that no program
    // is compiled for a layout its types do not allow.
    runic_eval::run::check_args(entry, args)?;
    // One value per parameter (a tuple parameter takes one per component).
    let mut given = args.iter();
    let mut values = Vec::new();
    let mut layouts = Vec::new();
    let arity: usize = entry
        .params
        .iter()
        .map(|p| match p {
            runic_eval::lower::modules::ValueType::Tuple(items) => items.len(),
            _ => 1,
        })
        .sum();
    if arity != args.len() {
        return Err(RunError::BadInput(format!(
            "entry point `{name}` takes {arity} argument(s) but {} were given",
            args.len()
        )));
    }
    for p in &entry.params {
        let take = match p {
            runic_eval::lower::modules::ValueType::Tuple(items) => items.len(),
            _ => 1,
        };
        let part: Vec<&Typed> = given.by_ref().take(take).collect();
        let layout_of = |t: &Typed| {
            typed_layout(t)
                .ok_or_else(|| RunError::BadInput("an argument of a type the core IR lacks".into()))
        };
        if let runic_eval::lower::modules::ValueType::Tuple(_) = p {
            let ls = part
                .iter()
                .map(|t| layout_of(t))
                .collect::<Result<Vec<_>, _>>()?;
            layouts.push(Layout::Tuple(ls));
            values.push(Value::Tuple(part.iter().map(|t| t.value.clone()).collect()));
        } else if let Some(t) = part.first() {
            layouts.push(layout_of(t)?);
            values.push(t.value.clone());
        }
    }
    if entry.params.is_empty() && !args.is_empty() {
        return Err(RunError::BadInput(
            "the entry point takes no arguments".into(),
        ));
    }
    let Compiled {
        program, results, ..
    } = compile_entry_to(src, name, &layouts, stage).map_err(RunError::BadInput)?;
    let mut flat = Vec::new();
    for (v, l) in values.iter().zip(&layouts) {
        eval::flatten_value(v, l, &mut flat).map_err(RunError::BadInput)?;
    }
    Ok((program, results, flat))
}

/// The layout of an argument: its element type comes from the value
/// format (so empty arrays have one too).
fn typed_layout(t: &Typed) -> Option<Layout> {
    match &t.value {
        Value::Prim(p) => Some(Layout::Prim {
            rank: 0,
            prim: p.prim_type(),
        }),
        Value::Array(a) if a.data.first().is_none_or(|d| d.as_prim().is_some()) => {
            Some(Layout::Prim {
                rank: a.shape.len(),
                prim: t.prim,
            })
        }
        other => Layout::of_value(other),
    }
}

#[cfg(test)]
mod tests;
