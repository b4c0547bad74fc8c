//! Scopes and name lookup: local variables, type parameters, and the module
//! frames of declarations (with `open`ed modules and `local` definitions).

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use runic_syntax::TextRange;

use super::{Checker, Local};
use crate::diagnostic::Loc;
use crate::env::{ModEnv, Module, Scheme, Sig, TypeDef, Value};

/// One module scope: everything visible inside it (`lookup`), and what it
/// exports (`exports`, without `local` and `open`ed bindings).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Frame {
    pub lookup: ModEnv,
    pub exports: ModEnv,
    /// Names defined in this module so far (`"name x"`, `"type t"`), where.
    pub defined: crate::env::Map<Loc>,
}

impl Frame {
    /// A frame whose bindings are all visible but none exported (the prelude).
    pub fn opened(env: Arc<ModEnv>) -> Frame {
        Frame {
            lookup: (*env).clone(),
            exports: ModEnv::default(),
            defined: crate::env::Map::default(),
        }
    }
}

/// What a value name resolved to.
pub(crate) enum Resolved {
    Local(Local),
    Global(Value),
}

impl Resolved {
    /// What a use of this name refers to, for the IDE.
    pub fn target(&self) -> super::ide::NameTarget {
        match self {
            Resolved::Local(l) => super::ide::NameTarget::Local { def: l.def },
            Resolved::Global(v) => v.target(),
        }
    }

    /// The scheme, shared (cloning it copies no type).
    pub fn shared_scheme(&self) -> &Arc<Scheme> {
        match self {
            Resolved::Local(l) => &l.scheme,
            Resolved::Global(v) => &v.scheme,
        }
    }
}

impl Checker<'_> {
    pub fn push_scope(&mut self) {
        self.locals.push(HashMap::default());
        self.scope_marks.push(self.fresh_names);
    }

    pub fn pop_scope(&mut self) {
        let depth = self.locals.len().wrapping_sub(1);
        if let Some(scope) = self.locals.pop() {
            for name in scope.keys() {
                if let Some(depths) = self.local_index.get_mut(name) {
                    if let Some(at) = depths.iter().rposition(|&d| d == depth) {
                        depths.remove(at);
                    }
                }
            }
        }
        self.scope_marks.pop();
    }

    pub fn bind_local(&mut self, name: String, scheme: Scheme) {
        self.bind_local_at(name, scheme, None);
    }

    /// Binds a local variable whose binding name is at `def`.
    pub fn bind_local_at(&mut self, name: String, scheme: Scheme, def: Option<TextRange>) {
        if self.locals.is_empty() {
            self.push_scope();
        }
        let depth = self.locals.len() - 1;
        let depths = self.local_index.entry(name.clone()).or_default();
        if depths.last() != Some(&depth) {
            depths.push(depth);
        }
        self.locals.last_mut().expect("a scope").insert(
            name,
            Local {
                scheme: Arc::new(scheme),
                def,
            },
        );
    }

    /// The innermost local of this name: found through `local_index`, whose
    /// entries are checked against the scopes (a scope may have lost names
    /// since, see `qual_paren_expr`), in time independent of the number of
    /// scopes.
    pub fn lookup_local(&self, name: &str) -> Option<&Local> {
        let depths = self.local_index.get(name)?;
        depths
            .iter()
            .rev()
            .find_map(|&d| self.locals.get(d).and_then(|scope| scope.get(name)))
    }

    /// An unqualified value name.
    pub fn lookup_value(&self, name: &str) -> Option<Resolved> {
        if let Some(local) = self.lookup_local(name) {
            return Some(Resolved::Local(local.clone()));
        }
        self.frames
            .iter()
            .rev()
            .find_map(|f| f.lookup.values.get(name))
            .map(|value| Resolved::Global(self.resolve_deferred(name, value)))
    }

    /// `value`, the binding of `name`, with its real type where the state
    /// held it deferred ([`Value::deferred`]): the query layer checks the
    /// definition and says what it defined.
    pub fn resolve_deferred(&self, name: &str, value: &Value) -> Value {
        if !value.deferred {
            return value.clone();
        }
        value
            .range
            .and_then(|at| self.imports.deferred_value(at, name))
            .unwrap_or_else(|| value.clone())
    }

    pub fn lookup_type(&self, name: &str) -> Option<TypeDef> {
        if let Some(def) = self
            .type_locals
            .iter()
            .rev()
            .find_map(|scope| scope.get(name))
        {
            return Some(def.clone());
        }
        self.frames
            .iter()
            .rev()
            .find_map(|f| f.lookup.types.get(name))
            .cloned()
    }

    pub fn lookup_module(&self, name: &str) -> Option<Module> {
        self.frames
            .iter()
            .rev()
            .find_map(|f| f.lookup.modules.get(name))
            .cloned()
    }

    pub fn lookup_sig(&self, name: &str) -> Option<Sig> {
        self.frames
            .iter()
            .rev()
            .find_map(|f| f.lookup.sigs.get(name))
            .cloned()
    }

    /// The structure named by the module path `segments` (all of them).
    pub fn lookup_module_path(&self, segments: &[String]) -> Option<Arc<ModEnv>> {
        let (first, rest) = segments.split_first()?;
        self.lookup_module(first)?.structure_at(rest)
    }

    /// Whether `name` is a parametric module (which paths cannot go into).
    pub fn names_functor(&self, name: &str) -> bool {
        matches!(self.lookup_module(name), Some(Module::Functor(_)))
    }

    /// How many leading segments of `segments` name a module (0 if none).
    pub fn module_prefix_len(&self, segments: &[String]) -> usize {
        let mut n = 0;
        while n < segments.len() && self.lookup_module_path(&segments[..=n]).is_some() {
            n += 1;
        }
        n
    }

    /// Whether `segments` names a module-level value of type `i64` (not
    /// shadowed by a local).
    pub fn names_global_i64(&self, segments: &[String]) -> bool {
        let value = match segments {
            [] => None,
            [name] if self.lookup_local(name).is_some() => None,
            [name] => self
                .frames
                .iter()
                .rev()
                .find_map(|f| f.lookup.values.get(name.as_str()))
                .map(|value| self.resolve_deferred(name, value)),
            [modules @ .., name] => self
                .lookup_module_path(modules)
                .and_then(|env| env.values.get(name.as_str()).cloned()),
        };
        value
            .is_some_and(|v| v.scheme.params.is_empty() && v.scheme.ty == crate::types::Type::i64())
    }

    /// A qualified type name such as `M.t`.
    pub fn lookup_qualified_type(&self, segments: &[String]) -> Option<TypeDef> {
        match segments {
            [] => None,
            [name] => self.lookup_type(name),
            [modules @ .., name] => self
                .lookup_module_path(modules)?
                .types
                .get(name.as_str())
                .cloned(),
        }
    }

    /// Adds a binding to the current module frame, exported unless `local`.
    pub fn define(&mut self, local: bool, add: impl Fn(&mut ModEnv)) {
        let frame = self.frames.last_mut().expect("a frame");
        add(&mut frame.lookup);
        if !local {
            add(&mut frame.exports);
        }
    }
}

impl Value {
    /// What a use of this global refers to, for the IDE.
    pub fn target(&self) -> super::ide::NameTarget {
        super::ide::NameTarget::Global {
            def: self.range,
            scheme: self.scheme.clone(),
        }
    }
}
