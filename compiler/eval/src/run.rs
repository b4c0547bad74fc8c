//! Running entry points: checking arguments against the entry's parameter
//! types, calling it, and printing its results as `futhark run` does.

use std::collections::HashMap;
use std::rc::Rc;

use crate::interp::{Interp, Limits, RuntimeError};
use crate::lower::modules::{Entry, ValueType};
use crate::lower::{Program, Unit};
use crate::text::{show_value, Typed};
use crate::value::Value;

/// Checks one file (no imports) with the builtin prelude and lowers it;
/// the error is the checker's first message or a lowering problem.
pub fn load_single(path: &str, text: &str) -> Result<Program, String> {
    let parse = runic_syntax::parse(text);
    if let Some(e) = parse.errors().first() {
        return Err(e.message.clone());
    }
    let root = parse.syntax();
    let checked = runic_sema::check_program(
        &root,
        &runic_sema::Prelude::builtin(),
        &runic_sema::NoImports,
    );
    if let Some(d) = checked
        .diagnostics
        .iter()
        .find(|d| d.severity == runic_sema::Severity::Error)
    {
        return Err(d.message.clone());
    }
    let unit = Unit {
        path: path.to_string(),
        text: Rc::from(text),
        root,
        types: checked.types.clone(),
    };
    let units = HashMap::from([(path.to_string(), unit)]);
    Program::load(&units, path, &resolve_import).map_err(|e| e.to_string())
}

pub use runic_sema::resolve_import;

/// Why an entry point could not run.
#[derive(Debug, Clone, PartialEq)]
pub enum RunError {
    /// No entry point of that name.
    NoEntry {
        name: String,
        available: Vec<String>,
    },
    /// The arguments do not fit the parameters.
    BadInput(String),
    /// The program failed at run time.
    Runtime(RuntimeError),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::NoEntry { name, available } => {
                write!(f, "no entry point named `{name}`")?;
                if available.is_empty() {
                    write!(f, " (the program declares no entry points)")
                } else {
                    write!(f, "; entry points: {}", available.join(", "))
                }
            }
            RunError::BadInput(message) => write!(f, "{message}"),
            RunError::Runtime(e) => write!(f, "{e}"),
        }
    }
}

/// Calls an entry point on arguments read from a value stream; also
/// gives what `trace` printed, one line each.
pub fn call_entry_traced(
    program: &Program,
    name: &str,
    args: &[Typed],
    limits: Limits,
) -> (Result<Vec<Value>, RunError>, Vec<String>) {
    let Some(entry) = program.entry(name) else {
        let error = RunError::NoEntry {
            name: name.to_string(),
            available: program.entries.iter().map(|e| e.name.clone()).collect(),
        };
        return (Err(error), Vec::new());
    };
    if let Err(e) = check_args(entry, args) {
        return (Err(e), Vec::new());
    }
    let mut interp = Interp::new(program, limits);
    let values = args.iter().map(|a| a.value.clone());
    let result = run_entry(&mut interp, entry, !args.is_empty(), values);
    (result, std::mem::take(&mut interp.traces))
}

/// As [`call_entry_traced`], taking the arguments: an array nothing else
/// refers to can be updated in place (a `map` over an input array writes
/// its results over it instead of beside it).
pub fn call_entry_owned(
    program: &Program,
    name: &str,
    args: Vec<Typed>,
    limits: Limits,
) -> (Result<Vec<Value>, RunError>, Vec<String>) {
    let Some(entry) = program.entry(name) else {
        return call_entry_traced(program, name, &args, limits);
    };
    if let Err(e) = check_args(entry, &args) {
        return (Err(e), Vec::new());
    }
    let mut interp = Interp::new(program, limits);
    let some = !args.is_empty();
    let result = run_entry(&mut interp, entry, some, args.into_iter().map(|a| a.value));
    (result, std::mem::take(&mut interp.traces))
}

/// Calls an entry point on arguments read from a value stream.
pub fn call_entry(
    program: &Program,
    name: &str,
    args: &[Typed],
    limits: Limits,
) -> Result<Vec<Value>, RunError> {
    call_entry_traced(program, name, args, limits).0
}

/// Calls `entry` on `args` (`some`: there are any; with none, the entry
/// point is a constant).
fn run_entry(
    interp: &mut Interp,
    entry: &Entry,
    some: bool,
    args: impl Iterator<Item = Value>,
) -> Result<Vec<Value>, RunError> {
    let f = interp.global(entry.global).map_err(RunError::Runtime)?;
    let result = if !some {
        f
    } else {
        // A tuple parameter takes one value per component.
        let mut flat = args;
        let values = entry
            .params
            .iter()
            .map(|param| match param {
                ValueType::Tuple(items) => Value::Tuple(flat.by_ref().take(items.len()).collect()),
                _ => flat.next().unwrap_or_else(Value::unit),
            })
            .collect();
        // The entry point's own call is not a call site of the program.
        interp
            .apply_entry(&f, values, &entry.loc)
            .map_err(|mut e| {
                if e.stack.len() > 1 && e.stack.last() == Some(&entry.loc) {
                    e.stack.pop();
                }
                RunError::Runtime(e)
            })?
    };
    Ok(split_results(entry, result))
}

fn split_results(entry: &Entry, result: Value) -> Vec<Value> {
    let values = match result {
        Value::Tuple(items) if entry.results.len() == items.len() && items.len() != 1 => {
            items.to_vec()
        }
        single => vec![single],
    };
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| with_row_shape(v, entry.result_dims.get(i).map_or(&[][..], Vec::as_slice)))
        .collect()
}

/// An empty array result with the row shape its type gives (the
/// interpreter cannot know the rows of an array it never built).
fn with_row_shape(v: Value, dims: &[Option<i64>]) -> Value {
    match v {
        Value::Array(a) if a.data.is_empty() && a.shape.len() < dims.len() => {
            let mut shape = vec![a.shape[0]];
            shape.extend(dims[1..].iter().map(|d| d.unwrap_or(0)));
            Value::Array(std::rc::Rc::new(crate::value::Array::new(
                shape,
                Vec::new(),
            )))
        }
        other => other,
    }
}

/// Checks arguments against an entry point's parameter types (what every
/// backend does before running).
pub fn check_args(entry: &Entry, args: &[Typed]) -> Result<(), RunError> {
    // Annotated types, and for an unannotated parameter the type the
    // checker inferred for it (after defaulting, as Futhark does).
    let params: Vec<&ValueType> = entry
        .param_types()
        .flat_map(|p| match p {
            ValueType::Tuple(items) => items.iter().collect(),
            other => vec![other],
        })
        .collect();
    if args.len() != params.len() {
        return Err(RunError::BadInput(format!(
            "entry point `{}` takes {} argument(s) but {} were given",
            entry.name,
            params.len(),
            args.len()
        )));
    }
    for (i, (param, arg)) in params.into_iter().zip(args).enumerate() {
        let ValueType::Prim { rank, prim } = param else {
            continue;
        };
        let got_rank = arg.value.shape().len();
        if *rank != got_rank || *prim != arg.prim {
            return Err(RunError::BadInput(format!(
                "entry point `{}`: argument {} should have type {}{} but has type {}{}",
                entry.name,
                i + 1,
                "[]".repeat(*rank),
                prim.name(),
                "[]".repeat(got_rank),
                arg.prim.name()
            )));
        }
    }
    Ok(())
}

/// Prints results as `futhark run` does, one per line (records, tuples and
/// sums in the interpreter's layout).
pub fn show_results(program: &Program, name: &str, values: &[Value]) -> Vec<String> {
    let entry = program.entry(name);
    values
        .iter()
        .enumerate()
        .map(|(i, v)| match entry.and_then(|e| e.results.get(i)) {
            Some(ValueType::Prim { prim, .. }) => show_value(v, Some(*prim)),
            Some(ValueType::Opaque(_) | ValueType::Tuple(_)) => show_value(v, None),
            None => show_value(v, None),
        })
        .collect()
}
