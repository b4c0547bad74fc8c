//! Environments: what names mean. Values have type schemes, types have
//! definitions (abbreviations or abstract types), modules are structures or
//! functors, and module types are signatures (environments of specs).

use std::sync::Arc;

use runic_syntax::GreenNode;

use crate::diagnostic::Loc;

use crate::types::{Size, Type, TypeArg};

/// A type parameter of a definition or type: `'a`, `'^a`, `'~a` or `[n]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeParam {
    Type { name: String, lifted: Liftedness },
    Size(String),
}

impl TypeParam {
    pub fn name(&self) -> &str {
        match self {
            TypeParam::Type { name, .. } | TypeParam::Size(name) => name,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Liftedness {
    /// `'a`: no functions, sizes known.
    Unlifted,
    /// `'~a`: no functions, sizes may be hidden.
    SizeLifted,
    /// `'^a`: anything, functions included.
    Lifted,
}

/// A polymorphic type: quantified over type and size parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scheme {
    pub params: Vec<TypeParam>,
    pub ty: Type,
}

impl Scheme {
    pub fn mono(ty: Type) -> Scheme {
        Scheme {
            params: Vec::new(),
            ty,
        }
    }
}

/// A value binding.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    /// Shared: environments are persistent maps that copy their entries.
    pub scheme: Arc<Scheme>,
    /// Where it was defined, if in the checked program.
    pub range: Option<Loc>,
    /// A top-level definition whose type needs its body, entered into the
    /// state between declarations before its body was checked (see
    /// [`crate::deferred_state_after_decl`]): `scheme` is a stand-in, and
    /// a use asks [`crate::Imports::deferred_value`] for the real one.
    /// Only the declaration states of a file hold such values; what a file
    /// exports to its importers is resolved.
    pub deferred: bool,
}

impl Value {
    /// The binding of `name` defined at `at`, deferred (see
    /// [`Value::deferred`]).
    pub fn deferred_at(at: Loc, name: &str) -> Value {
        Value {
            scheme: Arc::new(Scheme::mono(Type::Named {
                name: format!("<type of {name} not yet inferred>"),
                args: Vec::new(),
                unique: false,
            })),
            range: Some(at),
            deferred: true,
        }
    }
}

/// A type binding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeDef {
    /// `type t 'a = ...`: expands to `body` with the parameters substituted.
    Alias {
        params: Vec<TypeParam>,
        body: Type,
        lifted: Liftedness,
    },
    /// An abstract type (from a signature or a type parameter), known by name.
    Abstract {
        params: Vec<TypeParam>,
        name: String,
        lifted: Liftedness,
    },
}

impl TypeDef {
    pub fn params(&self) -> &[TypeParam] {
        match self {
            TypeDef::Alias { params, .. } | TypeDef::Abstract { params, .. } => params,
        }
    }

    /// This definition with each invented `?` size of its body renamed by
    /// `fresh` (an abstract type has none).
    pub fn with_fresh_invented_sizes(&self, fresh: &dyn Fn() -> String) -> TypeDef {
        let TypeDef::Alias {
            params,
            body,
            lifted,
        } = self
        else {
            return self.clone();
        };
        let mut renames: std::collections::BTreeMap<String, Size> = Default::default();
        crate::check::collect_sizes(body, &mut |s| {
            if let Size::Named(n) = s {
                if n.starts_with('?') && !renames.contains_key(n) {
                    renames.insert(n.clone(), Size::Named(fresh()));
                }
            }
        });
        if renames.is_empty() {
            return self.clone();
        }
        let body = crate::unify::substitute_size(body, &|s| match s {
            Size::Named(n) => renames.get(n).cloned(),
            _ => None,
        });
        TypeDef::Alias {
            params: params.clone(),
            body,
            lifted: *lifted,
        }
    }

    /// The type this definition denotes for the given arguments.
    pub fn apply(&self, args: &[TypeArg]) -> Type {
        match self {
            TypeDef::Abstract { name, .. } => Type::Named {
                name: name.clone(),
                args: args.to_vec(),
                unique: false,
            },
            TypeDef::Alias { params, body, .. } => {
                // All parameters at once, so an argument naming another
                // parameter (`matrix [m][p]` for `matrix [n][m]`) is not captured.
                let mut sizes = std::collections::HashMap::new();
                let mut types = std::collections::HashMap::new();
                for (param, arg) in params.iter().zip(args) {
                    match (param, arg) {
                        (TypeParam::Type { name, .. }, TypeArg::Type(t)) => {
                            types.insert(name.as_str(), t.clone());
                        }
                        (TypeParam::Size(name), TypeArg::Size(s)) => {
                            sizes.insert(name.as_str(), s.clone());
                        }
                        _ => {}
                    }
                }
                let sized = crate::unify::substitute_size(body, &|s| match s {
                    Size::Named(n) => sizes.get(n.as_str()).cloned(),
                    _ => None,
                });
                map_named(&sized, &|n, args, unique| {
                    let t = types.get(n).filter(|_| args.is_empty())?;
                    Some(t.clone().with_uniqueness(unique || t.is_unique()))
                })
            }
        }
    }
}

/// Replaces the parameter type `name` (with no arguments) by `with` in `ty`.
pub fn substitute_named(ty: &Type, name: &str, with: &Type) -> Type {
    map_named(ty, &|n, args, unique| {
        (n == name && args.is_empty())
            .then(|| with.clone().with_uniqueness(unique || with.is_unique()))
    })
}

/// Replaces every use `name args` of a named type by what `def` gives for
/// those arguments (an abstract type made concrete, or parametric).
///
/// The invented sizes of `type~ t = []bool` are the first use's; each later
/// use gets its own (`fresh` names them), as two values of type `t` may
/// differ in size, but a use inside a type argument keeps the first use's
/// (`t -> m t` is a function from an array to something of that size).
pub fn substitute_type_def(
    ty: &Type,
    name: &str,
    def: &TypeDef,
    fresh: &dyn Fn() -> String,
) -> Type {
    let first = std::cell::Cell::new(true);
    substitute_uses(ty, name, def, fresh, &first, false)
}

fn substitute_uses(
    ty: &Type,
    name: &str,
    def: &TypeDef,
    fresh: &dyn Fn() -> String,
    first: &std::cell::Cell<bool>,
    in_arg: bool,
) -> Type {
    let Type::Named {
        name: n,
        args,
        unique,
    } = ty
    else {
        return ty.rebuild(
            &mut |t| substitute_uses(t, name, def, fresh, first, in_arg),
            &mut |s| s.clone(),
        );
    };
    let args: Vec<TypeArg> = args
        .iter()
        .map(|a| match a {
            TypeArg::Type(t) => TypeArg::Type(substitute_uses(t, name, def, fresh, first, true)),
            TypeArg::Size(s) => TypeArg::Size(s.clone()),
        })
        .collect();
    if n != name {
        return Type::Named {
            name: n.clone(),
            args,
            unique: *unique,
        };
    }
    let applied = if first.replace(false) || in_arg {
        def.apply(&args)
    } else {
        def.with_fresh_invented_sizes(fresh).apply(&args)
    };
    let unique = *unique || applied.is_unique();
    applied.with_uniqueness(unique)
}

/// Given a named type's name, arguments and uniqueness, its replacement (if any).
pub type NamedMapper<'a> = dyn Fn(&str, &[TypeArg], bool) -> Option<Type> + 'a;

/// Rebuilds `ty`, replacing each named type for which `f(name, args,
/// unique)` gives a type (arguments are rewritten first).
pub fn map_named(ty: &Type, f: &NamedMapper) -> Type {
    let rebuilt = ty.rebuild(&mut |t| map_named(t, f), &mut |s| s.clone());
    if let Type::Named { name, args, unique } = &rebuilt {
        if let Some(replaced) = f(name, args, *unique) {
            return replaced;
        }
    }
    rebuilt
}

/// A module: a structure (an environment) or a functor.
#[derive(Debug, Clone, PartialEq)]
pub enum Module {
    Struct(Arc<ModEnv>),
    Functor(Arc<Functor>),
}

impl Module {
    /// The structure reached from this module through the member path
    /// `path` (`N.O` of `M.N.O`); none through a functor.
    pub fn structure_at(self, path: &[String]) -> Option<Arc<ModEnv>> {
        let mut module = self;
        for segment in path {
            let Module::Struct(env) = module else {
                return None;
            };
            module = env.modules.get(segment.as_str())?.clone();
        }
        match module {
            Module::Struct(env) => Some(env),
            Module::Functor(_) => None,
        }
    }
}

/// A parametric module, re-elaborated at each application.
#[derive(Debug, PartialEq)]
pub struct Functor {
    pub params: Vec<(String, Sig)>,
    pub result_sig: Option<Sig>,
    /// The body's tree (re-elaborated quietly, so its offsets, relative to
    /// the body, matter to no message); none for a functor known only by
    /// its module type (a parameter or a spec of functor type), whose
    /// application gives its result type, sealed.
    pub body: Option<GreenNode>,
    /// The environment the functor was defined in.
    /// The scopes visible where the functor was defined, outermost first
    /// (persistent maps: capturing them copies nothing).
    pub closure: Vec<ModEnv>,
    pub name: String,
}

impl Sig {
    /// A functor module type's parameters, outermost first, and its final
    /// result (itself for a structure's module type).
    pub fn arrows(&self) -> (Vec<(String, Sig)>, &Sig) {
        let mut params = Vec::new();
        let mut sig = self;
        while let Sig::Functor {
            param,
            param_sig,
            result,
        } = sig
        {
            params.push((param.clone(), (**param_sig).clone()));
            sig = result;
        }
        (params, sig)
    }
}

/// A module type: the specs, as an environment whose abstract types are
/// [`TypeDef::Abstract`]; functor signatures keep their parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum Sig {
    Struct(Arc<ModEnv>),
    Functor {
        param: String,
        param_sig: Box<Sig>,
        result: Box<Sig>,
    },
}

pub use crate::map::{Map, Name};

/// The bindings of a module (or a scope of declarations). Persistent maps:
/// environments are copied for every scope, functor closure and `open`,
/// so copies share structure instead of duplicating it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModEnv {
    pub values: Map<Value>,
    pub types: Map<TypeDef>,
    pub modules: Map<Module>,
    pub sigs: Map<Sig>,
}

impl ModEnv {
    /// Adds every binding of `other`, shadowing existing ones.
    pub fn extend(&mut self, other: &ModEnv) {
        self.values
            .extend(other.values.iter().map(|(k, v)| (k.clone(), v.clone())));
        self.types
            .extend(other.types.iter().map(|(k, v)| (k.clone(), v.clone())));
        self.modules
            .extend(other.modules.iter().map(|(k, v)| (k.clone(), v.clone())));
        self.sigs
            .extend(other.sigs.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
}
