//! `runic serve FILE`: Futhark's server protocol on stdin and stdout, run
//! by the interpreter. Each command is one line of words (a word is either
//! non-space characters or text in double quotes); each answer ends with
//! `%%% OK` on a line of its own, preceded by `%%% FAILURE` and the message
//! when the command failed. `%%% OK` is also printed once the program has
//! loaded; a program that does not compile prints its diagnostics on stderr
//! and exits 1.
//!
//! Variables hold values between commands: transparent ones (scalars and
//! arrays of scalars) move in and out through files in Futhark's binary
//! data format (`restore`, `store`); opaque ones (records, tuples, sums and
//! abstract types) are made and taken by entry points, and taken apart by
//! the record and sum commands.

mod arrays;
mod compound;
mod types;

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use runic_eval::lower::modules::ValueType;
use runic_eval::run::RunError;
use runic_eval::value::Value;
use runic_eval::{Limits, Typed};

use super::diagnostics::Reporter;
use super::run::{call_with, load, usable_backend, with_big_stack, Backend, Loaded};
use types::Ty;

/// A command's failure: the message printed after `%%% FAILURE`.
type Failure = String;
/// What a command prints before `%%% OK` when it succeeds.
type Reply = Result<String, Failure>;

/// A variable: its value and its type.
#[derive(Clone)]
struct Var {
    value: Value,
    ty: Ty,
}

/// An entry point's interface: the types of its inputs and outputs.
struct EntryInfo {
    name: String,
    inputs: Vec<Ty>,
    /// Whether each input is consumed (printed with a `*` by `inputs`).
    consumed: Vec<bool>,
    /// For each input that is a tuple, its components' types: the
    /// interpreter takes the components as separate arguments.
    components: Vec<Option<Vec<Ty>>>,
    outputs: Vec<Ty>,
    attributes: Vec<String>,
}

/// The server: the program, its entry points and the variables.
struct Server {
    program: runic_eval::Program,
    entries: Vec<EntryInfo>,
    vars: HashMap<String, Var>,
    /// The program's text, where record and sum types are defined.
    source: String,
    memory: u64,
    backend: Backend,
}

/// `runic serve FILE [--backend B]`.
pub fn serve(path: &Path, backend: &str, memory_mib: u64) -> ExitCode {
    let backend = match usable_backend(backend) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let path = path.to_path_buf();
    with_big_stack(move || {
        let program = match load(&path) {
            Ok(Loaded::Ready(p)) => p,
            Ok(Loaded::Errors {
                name,
                text,
                diagnostics,
            }) => {
                Reporter::stderr().report(&name, &text, &diagnostics);
                return ExitCode::FAILURE;
            }
            Err(error) => return error.report(),
        };
        let source = std::fs::read_to_string(&path).unwrap_or_default();
        let mut server = Server::new(program, &source, memory_mib.saturating_mul(1 << 20));
        server.backend = backend;
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        match server.serve(stdin.lock(), stdout.lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("runic: error: {e}");
                ExitCode::from(2)
            }
        }
    })
}

impl Server {
    fn new(program: runic_eval::Program, source: &str, memory: u64) -> Server {
        let attributes = super::attributes::entry_attributes(source);
        let entries = program
            .entries
            .iter()
            .map(|e| {
                let components = e
                    .params
                    .iter()
                    .map(|p| match p {
                        ValueType::Tuple(items) => {
                            Some(items.iter().map(Ty::of_value_type).collect())
                        }
                        _ => None,
                    })
                    .collect();
                EntryInfo {
                    name: e.name.clone(),
                    inputs: e.params.iter().map(Ty::of_value_type).collect(),
                    consumed: (0..e.params.len())
                        .map(|i| e.consumed.get(i).copied().unwrap_or(false))
                        .collect(),
                    components,
                    outputs: e.results.iter().map(Ty::of_value_type).collect(),
                    attributes: attributes.get(&e.name).cloned().unwrap_or_default(),
                }
            })
            .collect();
        Server {
            program,
            entries,
            vars: HashMap::new(),
            source: source.to_string(),
            memory,
            backend: Backend::Interp,
        }
    }

    /// Answers commands until the end of the input.
    fn serve(&mut self, input: impl BufRead, mut out: impl Write) -> std::io::Result<()> {
        writeln!(out, "%%% OK")?;
        out.flush()?;
        for line in input.lines() {
            let line = line?;
            let reply = match words(&line) {
                Ok(words) if words.is_empty() => continue,
                Ok(words) => self.command(&words),
                Err(e) => Err(e),
            };
            match reply {
                Ok(text) => write!(out, "{text}")?,
                Err(message) => {
                    writeln!(out, "%%% FAILURE")?;
                    writeln!(out, "{}", message.trim_end())?;
                }
            }
            writeln!(out, "%%% OK")?;
            out.flush()?;
        }
        Ok(())
    }

    fn command(&mut self, words: &[String]) -> Reply {
        let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        match words[0].as_str() {
            "entry_points" => Ok(lines(self.entries.iter().map(|e| e.name.clone()))),
            "types" => Ok(lines(self.types().iter().map(Ty::name))),
            "call" => self.call(&args),
            "restore" => self.restore(&args),
            "store" => self.store(&args),
            "free" => {
                for name in &args {
                    self.var(name)?;
                }
                for name in &args {
                    self.vars.remove(*name);
                }
                Ok(String::new())
            }
            "rename" => {
                let [old, new] = exact(&args)?;
                let var = self.var(old)?.clone();
                self.fresh(new)?;
                self.vars.remove(old);
                self.vars.insert(new.to_string(), var);
                Ok(String::new())
            }
            "inputs" => {
                let [entry] = exact(&args)?;
                let info = self.entry(entry)?;
                Ok(lines(info.inputs.iter().zip(&info.consumed).map(
                    |(t, consumed)| {
                        if *consumed {
                            format!("*{}", t.name())
                        } else {
                            t.name()
                        }
                    },
                )))
            }
            "outputs" | "output" => {
                let [entry] = exact(&args)?;
                Ok(lines(self.entry(entry)?.outputs.iter().map(Ty::name)))
            }
            "attributes" => {
                let [entry] = exact(&args)?;
                Ok(lines(self.entry(entry)?.attributes.iter().cloned()))
            }
            "tuning_params" => {
                let [entry] = exact(&args)?;
                self.entry(entry)?;
                Ok(String::new())
            }
            "set_tuning_param" => {
                let [param, _value] = exact(&args)?;
                Err(format!("Unknown tuning parameter: {param}"))
            }
            "tuning_param_class" => {
                let [param] = exact(&args)?;
                Err(format!("Unknown tuning parameter: {param}"))
            }
            // The interpreter keeps no caches and records no profile: these
            // succeed and do nothing, and the report is empty.
            "clear" | "pause_profiling" | "unpause_profiling" => Ok(String::new()),
            "report" => Ok("{\"memory\":{},\"events\":[]}\n".to_string()),
            "type" => {
                let [var] = exact(&args)?;
                Ok(format!("{}\n", self.var(var)?.ty.name()))
            }
            "kind" => {
                let [name] = exact(&args)?;
                let ty = self.ty(name)?;
                Ok(format!("{}\n", self.kind(&ty)))
            }
            "rank" | "elemtype" | "new_array" | "set" | "shape" | "index" => {
                self.array_command(&words[0], &args)
            }
            "fields" | "new" | "project" | "zip" | "unzip" | "variants" | "construct"
            | "destruct" | "variant" => self.compound_command(&words[0], &args),
            other => Err(format!("Unknown command: {other}")),
        }
    }

    /// Every type the entry points take or give, transparent and opaque,
    /// once each in the order first met.
    fn types(&self) -> Vec<Ty> {
        let mut out: Vec<Ty> = Vec::new();
        for ty in self
            .entries
            .iter()
            .flat_map(|e| e.inputs.iter().chain(&e.outputs))
        {
            if !matches!(ty, Ty::Prim { rank: 0, .. }) && !out.contains(ty) {
                out.push(ty.clone());
            }
        }
        out
    }

    fn opaque_types(&self) -> Vec<Ty> {
        self.types()
            .into_iter()
            .filter(|t| matches!(t, Ty::Opaque(_)))
            .collect()
    }

    fn ty(&self, name: &str) -> Result<Ty, Failure> {
        Ty::parse(name, &self.opaque_types()).ok_or_else(|| format!("Unknown type: {name}"))
    }

    fn entry(&self, name: &str) -> Result<&EntryInfo, Failure> {
        self.entries
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| format!("Unknown entry point: {name}"))
    }

    fn var(&self, name: &str) -> Result<&Var, Failure> {
        self.vars
            .get(name)
            .ok_or_else(|| format!("Unknown variable: {name}"))
    }

    /// Fails if a variable of this name exists.
    fn fresh(&self, name: &str) -> Result<(), Failure> {
        if self.vars.contains_key(name) {
            return Err(format!("Variable already exists: {name}"));
        }
        Ok(())
    }

    /// `call ENTRY OUT... IN...`: one output variable per result, one
    /// input variable per parameter; prints the run time in microseconds.
    fn call(&mut self, args: &[&str]) -> Reply {
        let Some((entry, rest)) = args.split_first() else {
            return Err("Invalid argument count (0, expected at least 1)".into());
        };
        let info = self.entry(entry)?;
        let (n_out, n_in) = (info.outputs.len(), info.inputs.len());
        if rest.len() != n_out + n_in {
            return Err(format!(
                "Invalid argument count ({}, expected {})",
                rest.len(),
                n_out + n_in
            ));
        }
        let (outs, ins) = rest.split_at(n_out);
        for (i, out) in outs.iter().enumerate() {
            self.fresh(out)?;
            if outs[..i].contains(out) {
                return Err(format!("Variable named twice: {out}"));
            }
        }
        let mut values = Vec::new();
        for ((name, expected), components) in ins.iter().zip(&info.inputs).zip(&info.components) {
            let var = self.var(name)?;
            if !same_type(&var.ty, expected) {
                return Err(format!(
                    "Wrong input type for {name}: expected {}, got {}.",
                    expected.name(),
                    var.ty.name()
                ));
            }
            match (components, &var.value) {
                (Some(types), Value::Tuple(items)) if types.len() == items.len() => {
                    for (item, ty) in items.iter().zip(types) {
                        values.push(typed(item.clone(), ty));
                    }
                }
                _ => values.push(typed(var.value.clone(), &var.ty)),
            }
        }
        let output_types = info.outputs.clone();
        let limits = Limits {
            memory: Some(self.memory),
            ..Limits::default()
        };
        let start = Instant::now();
        let (result, traces) = call_with(self.backend, &self.program, entry, &values, limits);
        let elapsed = start.elapsed().as_micros();
        for line in traces {
            eprintln!("{line}");
        }
        let results = match result {
            Ok(results) => results,
            Err(RunError::Runtime(e)) => return Err(e.to_string()),
            Err(other) => return Err(other.to_string()),
        };
        if results.len() != outs.len() {
            return Err(format!(
                "the entry point gave {} results where {} were expected",
                results.len(),
                outs.len()
            ));
        }
        for ((name, value), ty) in outs.iter().zip(results).zip(output_types) {
            self.vars.insert(name.to_string(), Var { value, ty });
        }
        Ok(format!("runtime: {elapsed}\n"))
    }

    /// `restore FILE VAR TYPE ...`: values in the binary data format.
    fn restore(&mut self, args: &[&str]) -> Reply {
        let Some((file, pairs)) = args.split_first() else {
            return Err("Invalid argument count (0, expected at least 1)".into());
        };
        if pairs.len() % 2 != 0 {
            return Err(format!(
                "Invalid argument count ({}, expected an odd number)",
                args.len()
            ));
        }
        let mut wanted = Vec::new();
        for pair in pairs.chunks(2) {
            self.fresh(pair[0])?;
            let ty = self.ty(pair[1])?;
            if let Ty::Opaque(name) = &ty {
                return Err(format!(
                    "Cannot restore a value of the opaque type {name}: runic serve stores and restores only scalars and arrays of scalars"
                ));
            }
            wanted.push((pair[0], ty));
        }
        let bytes = std::fs::read(file).map_err(|e| format!("Failed to open {file}: {e}"))?;
        let values = runic_eval::binary::read_all(&bytes)
            .map_err(|e| format!("Failed to restore values from {file}: {e}"))?;
        if values.len() < wanted.len() {
            let missing = wanted[values.len()].0;
            return Err(format!(
                "Failed to restore variable {missing}: {file} holds only {} value(s)",
                values.len()
            ));
        }
        let mut restored = Vec::new();
        for ((name, ty), value) in wanted.into_iter().zip(values) {
            let got = Ty::of_typed(&value);
            if got != ty {
                return Err(format!(
                    "Failed to restore variable {name}: expected {}, got {}",
                    ty.name(),
                    got.name()
                ));
            }
            restored.push((name, value.value, ty));
        }
        for (name, value, ty) in restored {
            self.vars.insert(name.to_string(), Var { value, ty });
        }
        Ok(String::new())
    }

    /// `store FILE VAR ...`: values in the binary data format.
    fn store(&self, args: &[&str]) -> Reply {
        let Some((file, names)) = args.split_first() else {
            return Err("Invalid argument count (0, expected at least 1)".into());
        };
        let mut bytes = Vec::new();
        for name in names {
            let var = self.var(name)?;
            let Ty::Prim { prim, .. } = &var.ty else {
                return Err(format!(
                    "Cannot store {name} of the opaque type {}: runic serve stores only scalars and arrays of scalars",
                    var.ty.name()
                ));
            };
            runic_eval::binary::write(&mut bytes, &var.value, *prim)
                .map_err(|e| format!("Cannot store {name}: {e}"))?;
        }
        std::fs::write(file, bytes).map_err(|e| format!("Failed to write {file}: {e}"))?;
        Ok(String::new())
    }
}

/// A value with the primitive type the interpreter's argument check wants
/// (any for an opaque value).
fn typed(value: Value, ty: &Ty) -> Typed {
    let prim = match ty {
        Ty::Prim { prim, .. } => *prim,
        Ty::Opaque(_) => runic_sema::types::PrimType::Bool,
    };
    Typed { value, prim }
}

/// Whether a variable of type `got` may be passed where `expected` is
/// taken (opaque types are named differently by a parameter's annotation
/// and by a result's inferred type, so any opaque passes for another).
fn same_type(got: &Ty, expected: &Ty) -> bool {
    match (got, expected) {
        (Ty::Opaque(_), Ty::Opaque(_)) => true,
        _ => got == expected,
    }
}

/// The arguments of a command that takes exactly `N`.
fn exact<'a, const N: usize>(args: &[&'a str]) -> Result<[&'a str; N], Failure> {
    <[&str; N]>::try_from(args)
        .map_err(|_| format!("Invalid argument count ({}, expected {N})", args.len()))
}

/// Lines of text, each ended by a newline.
fn lines(items: impl Iterator<Item = String>) -> String {
    items.map(|l| l + "\n").collect()
}

/// The words of a command line: runs of non-space characters, or text in
/// double quotes.
fn words(line: &str) -> Result<Vec<String>, Failure> {
    let mut out = Vec::new();
    let mut chars = line.trim_end_matches(['\r', '\n']).chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == ' ' || c == '\t' {
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut word = String::new();
            loop {
                match chars.next() {
                    Some('"') => break,
                    Some(c) => word.push(c),
                    None => return Err("Unterminated quoted word".into()),
                }
            }
            out.push(word);
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek() {
                if c == ' ' || c == '\t' {
                    break;
                }
                word.push(c);
                chars.next();
            }
            out.push(word);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn words_split_on_spaces_and_keep_quoted_text() {
        assert_eq!(
            words("restore \"/tmp/a b\" x [][]i32").unwrap(),
            ["restore", "/tmp/a b", "x", "[][]i32"]
        );
        assert!(words("restore \"open").is_err());
        assert!(words("   ").unwrap().is_empty());
    }
}
