//! The thresholds that choose between the versions incremental
//! flattening keeps of a nest (`extract/versions.rs`, `extract/intra.rs`),
//! as tunable parameters: each is a host comparison `cond = size >= T`
//! whose `T` the runtime takes from a tuning table by the threshold's
//! name (Futhark's `main.suff_outer_par_0`), else its default; and that
//! table in Futhark's `.tuning` format (`name=value` lines), read and
//! written here as text.

use std::collections::BTreeMap;

use runic_core::ir::{SubExp, VarId};

use crate::ir::{HostBody, HostStm, KernelProgram};

/// A tunable threshold: the host binds `cond` to `size >= value`.
#[derive(Debug, Clone, PartialEq)]
pub struct Threshold {
    pub name: String,
    pub cond: VarId,
    pub size: SubExp,
    pub default: i64,
}

/// Threshold values by name, as a `.tuning` file gives them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tuning {
    pub values: BTreeMap<String, i64>,
}

impl Tuning {
    /// Reads `name=value` lines (blank lines ignored); an error names the
    /// first line that is not one, counting from 1.
    pub fn parse(text: &str) -> Result<Tuning, String> {
        let mut values = BTreeMap::new();
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let parsed = line
                .split_once('=')
                .and_then(|(name, value)| Some((name.trim(), value.trim().parse::<i64>().ok()?)))
                .filter(|(name, _)| !name.is_empty());
            let Some((name, value)) = parsed else {
                return Err(format!(
                    "line {}: expected `name=value` with an integer value, found `{line}`",
                    k + 1
                ));
            };
            values.insert(name.to_string(), value);
        }
        Ok(Tuning { values })
    }

    /// The table as a `.tuning` file: a line per name, in name order.
    pub fn to_text(&self) -> String {
        self.values
            .iter()
            .map(|(name, value)| format!("{name}={value}\n"))
            .collect()
    }

    /// The value of a threshold: the table's, else its default.
    pub fn value(&self, t: &Threshold) -> i64 {
        self.values.get(&t.name).copied().unwrap_or(t.default)
    }
}

/// Keeps the thresholds whose comparison is still in the host code (the
/// extraction may try versions it then drops).
pub fn retain_used(p: &mut KernelProgram) {
    let mut bound = Vec::new();
    for f in &p.funs {
        host_scalars(&f.body, &mut bound);
    }
    p.thresholds.retain(|t| bound.contains(&t.cond));
}

/// The variables bound by scalar statements of a host body, at any depth.
pub(crate) fn host_scalars(b: &HostBody, out: &mut Vec<VarId>) {
    for s in &b.stms {
        match s {
            HostStm::Scalar(stm) => out.extend(stm.pat.vals.iter().copied()),
            HostStm::If {
                then_body,
                else_body,
                ..
            } => {
                host_scalars(then_body, out);
                host_scalars(else_body, out);
            }
            HostStm::Loop { body, .. } => host_scalars(body, out),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tuning_file_reads_back_as_it_was_written() {
        let t = Tuning::parse("main.suff_outer_par_1=7\n\n  main.suff_intra_par_0 = 2048\n")
            .expect("parses");
        assert_eq!(t.values.get("main.suff_intra_par_0"), Some(&2048));
        assert_eq!(
            t.to_text(),
            "main.suff_intra_par_0=2048\nmain.suff_outer_par_1=7\n"
        );
        assert_eq!(Tuning::parse(&t.to_text()), Ok(t));
    }

    #[test]
    fn a_line_without_an_integer_value_is_refused_with_its_number() {
        let e = Tuning::parse("a=1\nb=x\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        assert!(Tuning::parse("=3").is_err());
        assert!(Tuning::parse("just a name").is_err());
    }
}
