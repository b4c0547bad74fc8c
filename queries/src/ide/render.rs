//! Types, schemes and module types as text, for hovers.

use std::fmt::Write;

use runic_sema::env::{Liftedness, ModEnv, Module, Scheme, Sig, TypeDef, TypeParam};

/// `'a`, `'^a`, `'~a` or `[n]`.
pub(crate) fn type_param(param: &TypeParam) -> String {
    match param {
        TypeParam::Size(name) => format!("[{name}]"),
        TypeParam::Type { name, lifted } => {
            let mark = match lifted {
                Liftedness::Unlifted => "'",
                Liftedness::SizeLifted => "'~",
                Liftedness::Lifted => "'^",
            };
            format!("{mark}{name}")
        }
    }
}

fn params(params: &[TypeParam]) -> String {
    params
        .iter()
        .map(|p| format!(" {}", type_param(p)))
        .collect()
}

/// `val name [n] 'a: type`, the form of a spec.
pub(crate) fn value(name: &str, scheme: &Scheme) -> String {
    format!("val {name}{}: {}", params(&scheme.params), scheme.ty)
}

/// `type name 'a = body` (or just the head for an abstract type).
pub(crate) fn type_def(name: &str, def: &TypeDef) -> String {
    let head = format!("type {name}{}", params(def.params()));
    match def {
        TypeDef::Alias { body, .. } => format!("{head} = {body}"),
        TypeDef::Abstract { .. } => head,
    }
}

/// `module name: { specs }` (or the functor's parameters).
pub(crate) fn module(name: &str, module: &Module) -> String {
    match module {
        Module::Struct(env) => format!("module {name}: {}", env_specs(env)),
        Module::Functor(functor) => {
            let mut out = format!("module {name}");
            for (param, sig) in &functor.params {
                let _ = write!(out, " ({param}: {})", sig_text(sig));
            }
            if let Some(sig) = &functor.result_sig {
                let _ = write!(out, ": {}", sig_text(sig));
            }
            out
        }
    }
}

fn sig_text(sig: &Sig) -> String {
    match sig {
        Sig::Struct(env) => env_specs(env),
        Sig::Functor {
            param,
            param_sig,
            result,
        } => format!("({param}: {}) -> {}", sig_text(param_sig), sig_text(result)),
    }
}

/// The specs of an environment, sorted, one a line.
fn env_specs(env: &ModEnv) -> String {
    let mut specs: Vec<String> = Vec::new();
    specs.extend(env.types.iter().map(|(n, d)| type_def(n, d)));
    specs.extend(env.values.iter().map(|(n, v)| value(n, &v.scheme)));
    specs.extend(env.modules.keys().map(|n| format!("module {n}: {{...}}")));
    specs.sort();
    if specs.is_empty() {
        return "{}".into();
    }
    let mut out = "{\n".to_string();
    for spec in specs {
        let _ = writeln!(out, "  {spec}");
    }
    out.push('}');
    out
}
