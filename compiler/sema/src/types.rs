//! The semantic types of Futhark: primitives, arrays with shapes, records
//! (tuples are records with fields `0`, `1`, ...), sums, functions, type
//! variables and named (abstract or parameter) types; and sizes.
//!
//! Types print in Futhark's own syntax, since error messages show them.

use std::collections::BTreeMap;
use std::fmt;

/// A primitive (scalar) type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PrimType {
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    F32,
    F64,
    Bool,
}

impl PrimType {
    /// The integer types, signed then unsigned.
    pub const INTEGRAL: [PrimType; 8] = [
        PrimType::I8,
        PrimType::I16,
        PrimType::I32,
        PrimType::I64,
        PrimType::U8,
        PrimType::U16,
        PrimType::U32,
        PrimType::U64,
    ];

    pub const ALL: [PrimType; 12] = [
        PrimType::I8,
        PrimType::I16,
        PrimType::I32,
        PrimType::I64,
        PrimType::U8,
        PrimType::U16,
        PrimType::U32,
        PrimType::U64,
        PrimType::F16,
        PrimType::F32,
        PrimType::F64,
        PrimType::Bool,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PrimType::I8 => "i8",
            PrimType::I16 => "i16",
            PrimType::I32 => "i32",
            PrimType::I64 => "i64",
            PrimType::U8 => "u8",
            PrimType::U16 => "u16",
            PrimType::U32 => "u32",
            PrimType::U64 => "u64",
            PrimType::F16 => "f16",
            PrimType::F32 => "f32",
            PrimType::F64 => "f64",
            PrimType::Bool => "bool",
        }
    }

    pub fn from_name(name: &str) -> Option<PrimType> {
        PrimType::ALL.into_iter().find(|p| p.name() == name)
    }

    pub fn is_integral(self) -> bool {
        !self.is_float() && self != PrimType::Bool
    }

    pub fn is_float(self) -> bool {
        matches!(self, PrimType::F16 | PrimType::F32 | PrimType::F64)
    }

    pub fn is_numeric(self) -> bool {
        self != PrimType::Bool
    }

    pub fn is_signed(self) -> bool {
        matches!(
            self,
            PrimType::I8 | PrimType::I16 | PrimType::I32 | PrimType::I64
        )
    }
}

/// A unification variable for types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TyVar(pub u32);

/// A unification variable for sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SizeVar(pub u32);

/// The size of one array dimension.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// A constant: `[3]`.
    Const(i64),
    /// A size variable bound in the program (`[n]` parameter, or a name in scope).
    Named(String),
    /// Not yet known; unified during inference.
    Var(SizeVar),
    /// An arithmetic size `a*b`, `n+1`, ...: compared structurally, as
    /// Futhark compares size expressions.
    Op(String, Box<Size>, Box<Size>),
    /// Any other size expression, kept as written and compared by text.
    Expr(String),
}

impl Size {
    /// Calls `f` on this size and every size inside it.
    pub fn visit(&self, f: &mut dyn FnMut(&Size)) {
        f(self);
        if let Size::Op(_, a, b) = self {
            a.visit(f);
            b.visit(f);
        }
    }

    /// This size with `f` applied bottom-up to every part it maps.
    pub fn map(&self, f: &dyn Fn(&Size) -> Option<Size>) -> Size {
        if let Some(replaced) = f(self) {
            return replaced;
        }
        match self {
            Size::Op(op, a, b) => Size::Op(op.clone(), Box::new(a.map(f)), Box::new(b.map(f))),
            other => other.clone(),
        }
    }
}

/// A type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    Prim(PrimType),
    /// An array: element type and one size per dimension, outermost first.
    Array {
        elem: Box<Type>,
        shape: Vec<Size>,
        unique: bool,
    },
    /// Records and tuples (fields `0`, `1`, ...).
    Record(BTreeMap<String, Type>),
    /// Sum types: constructor name (without `#`) to payload types.
    Sum(BTreeMap<String, Vec<Type>>),
    /// A function; `param_name` is the size-dependent name in `(n: i64) -> ...`.
    Arrow {
        param_name: Option<String>,
        param: Box<Type>,
        ret: Box<Type>,
        unique_ret: bool,
    },
    /// A type parameter or an abstract type, by (qualified) name, with arguments.
    Named {
        name: String,
        args: Vec<TypeArg>,
        unique: bool,
    },
    /// An inference variable.
    Var(TyVar),
}

/// An argument of a type application: a type or a size.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeArg {
    Type(Type),
    Size(Size),
}

impl Type {
    pub fn unit() -> Type {
        Type::Record(BTreeMap::new())
    }

    pub fn tuple(elems: Vec<Type>) -> Type {
        if elems.len() == 1 {
            return elems.into_iter().next().expect("one element");
        }
        Type::Record(
            elems
                .into_iter()
                .enumerate()
                .map(|(i, t)| (i.to_string(), t))
                .collect(),
        )
    }

    pub fn bool() -> Type {
        Type::Prim(PrimType::Bool)
    }

    pub fn i64() -> Type {
        Type::Prim(PrimType::I64)
    }

    pub fn arrow(param: Type, ret: Type) -> Type {
        Type::Arrow {
            param_name: None,
            param: Box::new(param),
            ret: Box::new(ret),
            unique_ret: false,
        }
    }

    /// An array of `elem` with `shape` prepended (flattening nested arrays).
    pub fn array_of(elem: Type, mut shape: Vec<Size>, unique: bool) -> Type {
        if shape.is_empty() {
            return elem;
        }
        match elem {
            Type::Array {
                elem, shape: inner, ..
            } => {
                shape.extend(inner);
                Type::Array {
                    elem,
                    shape,
                    unique,
                }
            }
            elem => Type::Array {
                elem: Box::new(elem),
                shape,
                unique,
            },
        }
    }

    /// The element type after removing `n` outer dimensions, if it has them.
    pub fn peel(&self, n: usize) -> Option<Type> {
        match self {
            _ if n == 0 => Some(self.clone()),
            Type::Array {
                elem,
                shape,
                unique,
            } if shape.len() >= n => Some(Type::array_of(
                (**elem).clone(),
                shape[n..].to_vec(),
                *unique,
            )),
            _ => None,
        }
    }

    /// Whether the fields are exactly `0..n`, so the record prints as a tuple.
    pub fn tuple_fields(fields: &BTreeMap<String, Type>) -> Option<Vec<&Type>> {
        if fields.len() < 2 {
            return None;
        }
        (0..fields.len())
            .map(|i| fields.get(&i.to_string()))
            .collect()
    }

    /// Unique arrays and named types; a tuple or record is unique when a
    /// component is (`*(a, b)` makes every component unique).
    pub fn is_unique(&self) -> bool {
        match self {
            Type::Array { unique, .. } | Type::Named { unique, .. } => *unique,
            Type::Record(fields) => fields.values().any(Type::is_unique),
            _ => false,
        }
    }

    pub fn with_uniqueness(self, unique: bool) -> Type {
        match self {
            Type::Array { elem, shape, .. } => Type::Array {
                elem,
                shape,
                unique,
            },
            Type::Named { name, args, .. } => Type::Named { name, args, unique },
            Type::Record(fields) => Type::Record(
                fields
                    .into_iter()
                    .map(|(k, t)| (k, t.with_uniqueness(unique)))
                    .collect(),
            ),
            other => other,
        }
    }

    /// The type with `types` applied to each immediate component type and
    /// `sizes` to each size it holds directly: the one traversal that
    /// substitution, resolution and display build on.
    pub fn rebuild(
        &self,
        types: &mut dyn FnMut(&Type) -> Type,
        sizes: &mut dyn FnMut(&Size) -> Size,
    ) -> Type {
        match self {
            Type::Array {
                elem,
                shape,
                unique,
            } => Type::array_of(
                types(elem),
                shape.iter().map(&mut *sizes).collect(),
                *unique,
            ),
            Type::Record(fields) => {
                Type::Record(fields.iter().map(|(k, t)| (k.clone(), types(t))).collect())
            }
            Type::Sum(cs) => Type::Sum(
                cs.iter()
                    .map(|(k, ts)| (k.clone(), ts.iter().map(&mut *types).collect()))
                    .collect(),
            ),
            Type::Arrow {
                param_name,
                param,
                ret,
                unique_ret,
            } => Type::Arrow {
                param_name: param_name.clone(),
                param: Box::new(types(param)),
                ret: Box::new(types(ret)),
                unique_ret: *unique_ret,
            },
            Type::Named { name, args, unique } => Type::Named {
                name: name.clone(),
                args: args
                    .iter()
                    .map(|a| match a {
                        TypeArg::Type(t) => TypeArg::Type(types(t)),
                        TypeArg::Size(s) => TypeArg::Size(sizes(s)),
                    })
                    .collect(),
                unique: *unique,
            },
            Type::Prim(_) | Type::Var(_) => self.clone(),
        }
    }

    /// Calls `f` on each type directly inside this one (element, fields,
    /// payloads, parameter and result, type arguments), in order.
    pub fn for_each_component<'a>(&'a self, f: &mut dyn FnMut(&'a Type)) {
        match self {
            Type::Array { elem, .. } => f(elem),
            Type::Record(fields) => fields.values().for_each(f),
            Type::Sum(cs) => cs.values().flatten().for_each(f),
            Type::Arrow { param, ret, .. } => {
                f(param);
                f(ret);
            }
            Type::Named { args, .. } => {
                for arg in args {
                    if let TypeArg::Type(t) = arg {
                        f(t);
                    }
                }
            }
            Type::Prim(_) | Type::Var(_) => {}
        }
    }

    /// Whether `pred` holds for this type or any type inside it.
    pub fn any(&self, pred: &dyn Fn(&Type) -> bool) -> bool {
        if pred(self) {
            return true;
        }
        let mut found = false;
        self.for_each_component(&mut |t| found = found || t.any(pred));
        found
    }

    /// Whether the type contains a function (so it cannot be an array element).
    pub fn is_functional(&self) -> bool {
        match self {
            Type::Arrow { .. } => true,
            Type::Array { elem, .. } => elem.is_functional(),
            Type::Record(fields) => fields.values().any(Type::is_functional),
            Type::Sum(cs) => cs.values().flatten().any(Type::is_functional),
            _ => false,
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Size::Const(n) => write!(f, "{n}"),
            // Anonymous and existential sizes are invented names starting with `?`.
            Size::Named(name) if name.starts_with('?') => Ok(()),
            Size::Named(name) | Size::Expr(name) => write!(f, "{name}"),
            Size::Op(op, a, b) => {
                // Parentheses only where precedence needs them (operators
                // of one level associate to the left).
                let level = |op: &str| if matches!(op, "+" | "-") { 1 } else { 2 };
                let side = |s: &Size, f: &mut fmt::Formatter<'_>, left: bool| match s {
                    Size::Op(inner, ..)
                        if level(inner) < level(op) || (!left && level(inner) == level(op)) =>
                    {
                        write!(f, "({s})")
                    }
                    _ => write!(f, "{s}"),
                };
                side(a, f, true)?;
                write!(f, " {op} ")?;
                side(b, f, false)
            }
            Size::Var(_) => Ok(()),
        }
    }
}

impl fmt::Display for TypeArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeArg::Type(t @ (Type::Arrow { .. } | Type::Named { args: _, .. }))
                if needs_parens(t) =>
            {
                write!(f, "({t})")
            }
            TypeArg::Type(t) => write!(f, "{t}"),
            TypeArg::Size(s) => write!(f, "[{s}]"),
        }
    }
}

fn needs_parens(t: &Type) -> bool {
    match t {
        Type::Arrow { .. } => true,
        Type::Named { args, .. } => !args.is_empty(),
        Type::Sum(_) => true,
        _ => false,
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Prim(p) => write!(f, "{}", p.name()),
            Type::Array {
                elem,
                shape,
                unique,
            } => {
                if *unique {
                    write!(f, "*")?;
                }
                for size in shape {
                    write!(f, "[{size}]")?;
                }
                if needs_parens(elem) {
                    write!(f, "({elem})")
                } else {
                    write!(f, "{elem}")
                }
            }
            Type::Record(fields) => {
                if let Some(elems) = Type::tuple_fields(fields) {
                    let parts: Vec<String> = elems.iter().map(|t| t.to_string()).collect();
                    return write!(f, "({})", parts.join(", "));
                }
                if fields.is_empty() {
                    return write!(f, "()");
                }
                let parts: Vec<String> = fields.iter().map(|(k, t)| format!("{k}: {t}")).collect();
                write!(f, "{{{}}}", parts.join(", "))
            }
            Type::Sum(constructors) => {
                let parts: Vec<String> = constructors
                    .iter()
                    .map(|(name, payload)| {
                        let mut s = format!("#{name}");
                        for t in payload {
                            if needs_parens(t) || matches!(t, Type::Array { .. }) {
                                s.push_str(&format!(" ({t})"));
                            } else {
                                s.push_str(&format!(" {t}"));
                            }
                        }
                        s
                    })
                    .collect();
                write!(f, "{}", parts.join(" | "))
            }
            Type::Arrow {
                param_name,
                param,
                ret,
                unique_ret,
            } => {
                match param_name {
                    Some(name) => write!(f, "({name}: {param})")?,
                    None if matches!(**param, Type::Arrow { .. } | Type::Sum(_)) => {
                        write!(f, "({param})")?
                    }
                    None => write!(f, "{param}")?,
                }
                write!(f, " -> ")?;
                if *unique_ret && !ret.is_unique() {
                    write!(f, "*")?;
                }
                write!(f, "{ret}")
            }
            Type::Named { name, args, unique } => {
                if *unique {
                    write!(f, "*")?;
                }
                write!(f, "{name}")?;
                for arg in args {
                    write!(f, " {arg}")?;
                }
                Ok(())
            }
            Type::Var(v) => write!(f, "t{}", v.0),
        }
    }
}
