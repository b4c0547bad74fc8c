//! Signature matching and sealing: a module's types and values against a
//! module type's specs (explaining a mismatch in Futhark's words), the
//! module a signature describes (abstract types and sizes qualified by the
//! module's name), ascription, and the environment rewrites they use.

use std::sync::Arc;

use runic_syntax::TextRange;

use super::Checker;
use crate::env::{
    substitute_type_def, Functor, Liftedness, ModEnv, Module, Scheme, Sig, TypeDef, TypeParam,
};
use crate::types::{Size, Type, TypeArg};

fn liftedness(def: &TypeDef) -> Liftedness {
    match def {
        TypeDef::Alias { lifted, .. } | TypeDef::Abstract { lifted, .. } => *lifted,
    }
}

fn rank(lifted: Liftedness) -> u8 {
    match lifted {
        Liftedness::Unlifted => 0,
        Liftedness::SizeLifted => 1,
        Liftedness::Lifted => 2,
    }
}

/// A type definition as Futhark shows it: `type^ t 'a = body`.
fn show_def(name: &str, def: &TypeDef) -> String {
    let mark = match liftedness(def) {
        Liftedness::Unlifted => "",
        Liftedness::SizeLifted => "~",
        Liftedness::Lifted => "^",
    };
    let params: String = def
        .params()
        .iter()
        .map(|p| match p {
            TypeParam::Type { name, .. } => format!(" '{name}"),
            TypeParam::Size(name) => format!(" [{name}]"),
        })
        .collect();
    match def {
        TypeDef::Alias { body, .. } => format!("type{mark} {name}{params} = {body}"),
        TypeDef::Abstract { .. } => format!("type{mark} {name}{params}"),
    }
}

/// A size parameter of the definition `def` that its values do not know
/// (not an array size in it), which an abstract type may not have.
fn hidden_size_param(def: &TypeDef) -> Option<String> {
    let TypeDef::Alias { params, body, .. } = def else {
        return None;
    };
    let witnessed = witnessed_sizes(body);
    params.iter().find_map(|p| match p {
        TypeParam::Size(n) if !witnessed.contains(n) => Some(n.clone()),
        _ => None,
    })
}

/// The sizes named as array dimensions outside every function type of
/// `ty` (or given to a type's size parameter): those a value of the type
/// knows.
fn witnessed_sizes(ty: &Type) -> Vec<String> {
    let mut out = Vec::new();
    let mut note = |s: &Size| {
        if let Size::Named(n) = s {
            out.push(n.clone());
        }
    };
    fn walk(ty: &Type, note: &mut dyn FnMut(&Size)) {
        match ty {
            Type::Arrow { .. } | Type::Prim(_) | Type::Var(_) => {}
            Type::Array { elem, shape, .. } => {
                shape.iter().for_each(&mut *note);
                walk(elem, note);
            }
            Type::Record(fields) => fields.values().for_each(|t| walk(t, note)),
            Type::Sum(cs) => cs.values().flatten().for_each(|t| walk(t, note)),
            Type::Named { args, .. } => args.iter().for_each(|a| match a {
                TypeArg::Type(t) => walk(t, note),
                TypeArg::Size(s) => s.visit(note),
            }),
        }
    }
    walk(ty, &mut note);
    out
}

/// The parameters of a definition as arguments naming themselves.
fn params_as_args(params: &[TypeParam]) -> Vec<TypeArg> {
    params
        .iter()
        .map(|p| match p {
            TypeParam::Type { name, .. } => TypeArg::Type(Type::Named {
                name: name.clone(),
                args: Vec::new(),
                unique: false,
            }),
            TypeParam::Size(name) => TypeArg::Size(Size::Named(name.clone())),
        })
        .collect()
}

impl Checker<'_> {
    /// Reports each type of `env` that does not match its spec in `spec`
    /// (`instantiated`: the spec with its abstract types as `env` defines them).
    pub(super) fn match_sig_types(
        &mut self,
        env: &ModEnv,
        spec: &ModEnv,
        instantiated: &ModEnv,
        range: TextRange,
        path: &str,
    ) {
        for (key, spec_def) in &spec.types {
            let Some(actual) = env.types.get(key) else {
                continue;
            };
            let wanted = instantiated.types.get(key).unwrap_or(spec_def);
            // Liftedness is required of abstract types only: a spec's type
            // abbreviation (`with t = P.t` included) need only denote the
            // same type.
            let is_abstract = matches!(spec_def, TypeDef::Abstract { .. });
            let name = format!("{path}{key}");
            if let (true, Some(n)) = (is_abstract, hidden_size_param(actual)) {
                let message = format!(
                    "Type\n  {}\ncannot be made abstract because size parameter\n  {n}\nis not used constructively as an array size in the definition.",
                    show_def(&name, actual)
                );
                self.error("module-error", range, message);
                continue;
            }
            if let Some(problem) = self.type_def_mismatch(&name, actual, wanted, is_abstract) {
                let message = format!(
                    "Module defines\n  {}\nbut module type requires{problem}",
                    show_def(&name, actual)
                );
                self.error("module-error", range, message);
            }
        }
    }

    /// What the module type requires instead of `actual`, if it differs.
    fn type_def_mismatch(
        &mut self,
        key: &str,
        actual: &TypeDef,
        wanted: &TypeDef,
        is_abstract: bool,
    ) -> Option<String> {
        let required = format!("\n  {}", show_def(key, wanted));
        if actual.params().len() != wanted.params().len() {
            return Some(required);
        }
        match liftedness(wanted) {
            _ if !is_abstract || rank(liftedness(actual)) <= rank(liftedness(wanted)) => {}
            Liftedness::Unlifted => return Some(" a non-lifted type.".into()),
            _ => return Some(" a size-lifted type.".into()),
        }
        if let TypeDef::Alias { params, .. } = wanted {
            let args = params_as_args(params);
            let wanted_ty = self.fresh_invented_sizes(&wanted.apply(&args));
            let actual_ty = self.fresh_invented_sizes(&actual.apply(&args));
            if self.u.unify(&wanted_ty, &actual_ty).is_err() {
                return Some(required);
            }
        }
        None
    }

    /// Why a value of type `actual` does not match the spec's `wanted`: the
    /// first parameter or the final result type that differs.
    pub(super) fn explain_val_mismatch(&mut self, wanted: &Type, actual: &Type) -> String {
        let (mut wanted, mut actual) = (self.u.resolve(wanted), self.u.resolve(actual));
        let mut in_result = false;
        loop {
            match (wanted, actual) {
                (
                    Type::Arrow {
                        param: pw, ret: rw, ..
                    },
                    Type::Arrow {
                        param: pa, ret: ra, ..
                    },
                ) => {
                    if self.u.unify(&pw, &pa).is_err() {
                        let text = self.types_differ(&pw, &pa);
                        return format!("{text}\nWhen matching parameter types.");
                    }
                    (wanted, actual, in_result) = (*rw, *ra, true);
                }
                (w, a) => {
                    let text = self.types_differ(&w, &a) + &self.size_detail(&w, &a);
                    return if in_result {
                        format!("{text}\nWhen matching return types.")
                    } else {
                        text
                    };
                }
            }
        }
    }

    fn types_differ(&self, a: &Type, b: &Type) -> String {
        let (a, b) = (self.u.display(a), self.u.display(b));
        format!("Types\n  {a}\nand\n  {b}\ndo not match.")
    }
}

/// Sealing and matching whole modules.
impl Checker<'_> {
    /// The environment a signature describes, with its abstract types given
    /// names qualified by `module` (used for functor parameters and specs).
    pub(super) fn seal(&mut self, sig: &Sig, module: &str) -> Arc<ModEnv> {
        match sig {
            Sig::Struct(env) => {
                let mut sealed = (**env).clone();
                // Abstract types of submodules too: `M0.M.t` is not `M1.M.t`.
                let mut abstract_types = Vec::new();
                collect_abstract_types(env, &mut Vec::new(), &mut abstract_types);
                for (path, key, old_name) in abstract_types {
                    let qualified: Vec<&str> = path
                        .iter()
                        .map(String::as_str)
                        .chain([key.as_str()])
                        .collect();
                    let qualified = qualified.join(".");
                    let new_name = if module.is_empty() {
                        qualified
                    } else {
                        format!("{module}.{qualified}")
                    };
                    let Some(TypeDef::Abstract { params, lifted, .. }) =
                        super::modules::type_at_path(&sealed, &path, &key)
                    else {
                        continue;
                    };
                    let renamed = TypeDef::Abstract {
                        name: new_name,
                        params,
                        lifted,
                    };
                    super::modules::set_type_at_path(&mut sealed, &path, &key, renamed.clone());
                    replace_type_in_env(&mut sealed, &old_name, &renamed, &String::new);
                }
                if !module.is_empty() {
                    // A size naming a value of the module is known outside
                    // by its qualified name.
                    let own: Vec<String> = env.values.keys().map(|k| k.to_string()).collect();
                    rename_sizes_in_env(&mut sealed, &|n| {
                        own.iter().any(|v| v == n).then(|| format!("{module}.{n}"))
                    });
                }
                Arc::new(sealed)
            }
            Sig::Functor { .. } => Arc::new(ModEnv::default()),
        }
    }

    /// A module known only by its module type: a structure with the
    /// signature's abstract types, or a functor without a body.
    pub(super) fn seal_module(&mut self, sig: &Sig, name: &str) -> Module {
        match sig {
            Sig::Struct(_) => Module::Struct(self.seal(sig, name)),
            Sig::Functor { .. } => {
                let (params, result) = sig.arrows();
                Module::Functor(Arc::new(Functor {
                    params,
                    result_sig: Some(result.clone()),
                    body: None,
                    closure: Vec::new(),
                    name: name.to_string(),
                }))
            }
        }
    }

    /// `M : S` for any module: checked against S, seen through it.
    pub(super) fn ascribe_module(
        &mut self,
        module: Module,
        sig: &Sig,
        name: &str,
        range: TextRange,
    ) -> Option<Module> {
        match module {
            Module::Struct(env) => Some(Module::Struct(self.ascribe(&env, sig, name, range))),
            Module::Functor(functor) => {
                self.match_functor(&functor, sig, range);
                Some(Module::Functor(self.ascribe_functor(&functor, sig)))
            }
        }
    }

    /// `module M : S = ...`: checks M against S, then hides what S hides.
    pub(super) fn ascribe(
        &mut self,
        env: &Arc<ModEnv>,
        sig: &Sig,
        name: &str,
        range: TextRange,
    ) -> Arc<ModEnv> {
        self.match_sig(env, sig, range);
        self.seal_as(env, sig, name)
    }

    /// Functor arguments are matched but stay transparent.
    pub(super) fn ascribe_transparent(
        &mut self,
        env: &Arc<ModEnv>,
        sig: &Sig,
        range: TextRange,
    ) -> Arc<ModEnv> {
        self.match_sig(env, sig, range);
        env.clone()
    }

    /// The module as seen through `sig`: only the specified names, abstract
    /// types new and distinct; parametric submodules keep their definitions.
    pub(super) fn seal_as(&mut self, env: &Arc<ModEnv>, sig: &Sig, name: &str) -> Arc<ModEnv> {
        let sealed = self.seal(sig, name);
        let functors: Vec<(crate::env::Name, Module)> = sealed
            .modules
            .keys()
            .filter_map(|key| match env.modules.get(key) {
                Some(functor @ Module::Functor(_)) => Some((key.clone(), functor.clone())),
                _ => None,
            })
            .collect();
        if functors.is_empty() {
            return sealed;
        }
        let mut sealed = (*sealed).clone();
        sealed.modules.extend(functors);
        Arc::new(sealed)
    }

    /// Reports what `env` lacks or gets wrong compared to `sig`.
    pub(super) fn match_sig(&mut self, env: &Arc<ModEnv>, sig: &Sig, range: TextRange) {
        let Sig::Struct(spec) = sig else {
            self.error("module-error", range, "Expected a parametric module.");
            return;
        };
        let path = self.match_path.clone();
        self.match_env(env, spec, range, &path, &[]);
    }

    /// Matches the structure `env` against `spec`, the spec of the
    /// submodule at `path` (`M.N.`, empty at the top), whose enclosing
    /// module types' abstract types are defined by `outer`.
    fn match_env(
        &mut self,
        env: &Arc<ModEnv>,
        spec: &Arc<ModEnv>,
        range: TextRange,
        path: &str,
        outer: &[(String, TypeDef)],
    ) {
        // A sealed module knows the sizes its values give by qualified
        // names (`M.n`), a module type by the bare names of its own values:
        // compared by the bare names.
        let env = &bare_sizes(env);
        let spec = &bare_sizes(spec);
        for key in spec
            .types
            .keys()
            .filter(|key| !env.types.contains_key(*key))
        {
            self.error(
                "module-error",
                range,
                format!("Module does not define a type named {key}."),
            );
        }
        // Abstract types of the signature mean whatever the module defines.
        let mut instantiated = (**spec).clone();
        let mut bindings = outer.to_vec();
        abstract_bindings(spec, env, &mut bindings);
        self.inventing(|fresh| {
            for (name, actual) in &bindings {
                replace_type_in_env(&mut instantiated, name, actual, fresh);
            }
        });
        self.match_sig_types(env, spec, &instantiated, range, path);
        for (key, spec_value) in &instantiated.values {
            let Some(actual) = env.values.get(key) else {
                self.error(
                    "module-error",
                    range,
                    format!("Module does not define a value named {key}."),
                );
                continue;
            };
            let original = spec.values.get(key).map(|v| &v.scheme.ty);
            if original.is_some_and(|ty| super::valmatch::gives_top_level_size(ty, &bindings)) {
                self.error(
                    "module-error",
                    range,
                    format!("Type substitution in \"{key}\" results in a top-level size."),
                );
                continue;
            }
            self.match_value(&format!("{path}{key}"), spec_value, actual, range);
        }
        for (key, sub_sig) in &spec.modules {
            match (env.modules.get(key), sub_sig) {
                (Some(Module::Struct(sub)), Module::Struct(sub_spec)) => {
                    let path = format!("{path}{key}.");
                    self.match_env(sub, sub_spec, range, &path, &bindings)
                }
                (Some(Module::Functor(_)), Module::Struct(_)) => self.error(
                    "module-error",
                    range,
                    "Cannot match parametric module with non-parametric module type.",
                ),
                (Some(Module::Struct(_)), Module::Functor(_)) => self.error(
                    "module-error",
                    range,
                    "Cannot match non-parametric module with parametric module type.",
                ),
                (None, _) => self.error(
                    "module-error",
                    range,
                    format!("Module does not define a module named {key}."),
                ),
                (Some(Module::Functor(functor)), Module::Functor(spec_functor)) => {
                    let Some(sig) = functor_sig(spec_functor) else {
                        continue;
                    };
                    let saved = std::mem::replace(&mut self.match_path, format!("{path}{key}."));
                    self.match_functor(functor, &sig, range);
                    self.match_path = saved;
                }
            }
        }
    }

    /// A spec's type with its own parameters kept rigid.
    pub(super) fn rigid(&mut self, scheme: &Scheme) -> Type {
        self.fresh_invented_sizes(&scheme.ty)
    }
}

/// The module type of a functor known by its spec (one parameter).
fn functor_sig(functor: &Functor) -> Option<Sig> {
    let [(param, param_sig)] = functor.params.as_slice() else {
        return None;
    };
    Some(Sig::Functor {
        param: param.clone(),
        param_sig: Box::new(param_sig.clone()),
        result: Box::new(functor.result_sig.clone()?),
    })
}

/// The abstract types of `env` and its submodules: (submodule path, key,
/// current name).
fn collect_abstract_types(
    env: &ModEnv,
    path: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, String, String)>,
) {
    for (key, def) in &env.types {
        if let TypeDef::Abstract { name, .. } = def {
            out.push((path.clone(), key.to_string(), name.clone()));
        }
    }
    for (key, module) in &env.modules {
        if let Module::Struct(inner) = module {
            path.push(key.to_string());
            collect_abstract_types(inner, path, out);
            path.pop();
        }
    }
}

/// Replaces the named type `name` by `with` in every value and alias of `env`.
pub(super) fn replace_type_in_env(
    env: &mut ModEnv,
    name: &str,
    with: &TypeDef,
    fresh: &dyn Fn() -> String,
) {
    env.values.update_values(|value| {
        let ty = substitute_type_def(&value.scheme.ty, name, with, fresh);
        Arc::make_mut(&mut value.scheme).ty = ty;
    });
    env.types.update_values(|def| {
        if let TypeDef::Alias { body, .. } = def {
            *body = substitute_type_def(body, name, with, fresh);
        }
    });
    env.modules.update_values(|module| {
        if let Module::Struct(inner) = module {
            let mut replaced = (**inner).clone();
            replace_type_in_env(&mut replaced, name, with, fresh);
            *inner = Arc::new(replaced);
        }
    });
}

/// Renames the named sizes of every value, alias and submodule of `env`
/// for which `rename` gives a new name (a value's own size parameters
/// shadow).
pub(super) fn rename_sizes_in_env(env: &mut ModEnv, rename: &dyn Fn(&str) -> Option<String>) {
    let renamed = |ty: &Type, params: &[crate::env::TypeParam]| {
        crate::unify::substitute_size(ty, &|s| match s {
            Size::Named(n) if !params.iter().any(|p| p.name() == n) => rename(n).map(Size::Named),
            _ => None,
        })
    };
    env.values.update_values(|value| {
        let ty = renamed(&value.scheme.ty, &value.scheme.params);
        if ty != value.scheme.ty {
            Arc::make_mut(&mut value.scheme).ty = ty;
        }
    });
    env.types.update_values(|def| {
        if let TypeDef::Alias { body, params, .. } = def {
            *body = renamed(body, params);
        }
    });
    env.modules.update_values(|module| {
        if let Module::Struct(inner) = module {
            let mut replaced = (**inner).clone();
            rename_sizes_in_env(&mut replaced, rename);
            *inner = Arc::new(replaced);
        }
    });
}

/// `env` with the sizes that name its own values by a qualified name
/// (`M.n`) named by the bare name (`n`).
pub(super) fn bare_sizes(env: &Arc<ModEnv>) -> Arc<ModEnv> {
    let own: Vec<String> = env.values.keys().map(|k| k.to_string()).collect();
    let mut bare = (**env).clone();
    rename_sizes_in_env(&mut bare, &|n| {
        let (_, last) = n.rsplit_once('.')?;
        own.iter().any(|v| v == last).then(|| last.to_string())
    });
    Arc::new(bare)
}

/// The abstract types of a signature (nested modules included), each with
/// what the module `actual` defines for it.
pub(super) fn abstract_bindings(spec: &ModEnv, actual: &ModEnv, out: &mut Vec<(String, TypeDef)>) {
    for (key, def) in &spec.types {
        if let (TypeDef::Abstract { name, .. }, Some(actual_def)) = (def, actual.types.get(key)) {
            out.push((name.clone(), actual_def.clone()));
        }
    }
    for (key, module) in &spec.modules {
        if let (Module::Struct(spec_inner), Some(Module::Struct(actual_inner))) =
            (module, actual.modules.get(key))
        {
            abstract_bindings(spec_inner, actual_inner, out);
        }
    }
}

/// A module type with the abstract types of a functor's parameter replaced
/// by what the argument defines.
pub(super) fn instantiate_sig(
    sig: &Sig,
    bindings: &[(String, TypeDef)],
    fresh: &dyn Fn() -> String,
) -> Sig {
    match sig {
        Sig::Struct(env) => {
            let mut env = (**env).clone();
            for (name, def) in bindings {
                replace_type_in_env(&mut env, name, def, fresh);
            }
            Sig::Struct(Arc::new(env))
        }
        Sig::Functor {
            param,
            param_sig,
            result,
        } => Sig::Functor {
            param: param.clone(),
            param_sig: Box::new(instantiate_sig(param_sig, bindings, fresh)),
            result: Box::new(instantiate_sig(result, bindings, fresh)),
        },
    }
}
