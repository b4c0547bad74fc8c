//! The types of `runic serve`'s variables, named as Futhark's server names
//! them: primitives and arrays of primitives (`i32`, `[][]f64`) are
//! transparent; everything else is opaque, named as the program names it.

use runic_eval::lower::modules::ValueType;
use runic_eval::Typed;
use runic_sema::types::PrimType;

/// A variable's or an entry point parameter's type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ty {
    Prim { rank: usize, prim: PrimType },
    Opaque(String),
}

impl Ty {
    /// The name printed by `types`, `inputs`, `type` and the others.
    pub fn name(&self) -> String {
        match self {
            Ty::Prim { rank, prim } => format!("{}{}", "[]".repeat(*rank), prim.name()),
            Ty::Opaque(name) => name.clone(),
        }
    }

    /// A type named on a command line: a transparent type by its syntax,
    /// otherwise one of the opaque types of the program (`opaques`).
    pub fn parse(name: &str, opaques: &[Ty]) -> Option<Ty> {
        let mut rest = name.trim();
        let mut rank = 0;
        while let Some(inner) = rest.strip_prefix("[]") {
            rank += 1;
            rest = inner;
        }
        if let Some(prim) = PrimType::from_name(rest) {
            return Some(Ty::Prim { rank, prim });
        }
        opaques.iter().find(|t| t.name() == name.trim()).cloned()
    }

    /// The type of an entry point's parameter or result; a tuple is an
    /// opaque type named as Futhark names it, `(i64, []f32)`.
    pub fn of_value_type(t: &ValueType) -> Ty {
        match t {
            ValueType::Prim { rank, prim } => Ty::Prim {
                rank: *rank,
                prim: *prim,
            },
            ValueType::Opaque(name) => Ty::Opaque(normalise(name)),
            ValueType::Tuple(items) => {
                let names: Vec<String> =
                    items.iter().map(|i| Ty::of_value_type(i).name()).collect();
                Ty::Opaque(format!("({})", names.join(", ")))
            }
        }
    }

    /// The type of a value read from a data file.
    pub fn of_typed(t: &Typed) -> Ty {
        Ty::Prim {
            rank: t.value.shape().len(),
            prim: t.prim,
        }
    }
}

/// A type's text on one line, with single spaces.
fn normalise(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}
