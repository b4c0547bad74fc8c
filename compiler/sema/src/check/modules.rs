//! The module system: module expressions (structures, paths, functor
//! application and lambdas, ascription), module types (specs, `with`
//! refinements, functor types), signature matching and sealing, `open`,
//! `include` and `import`.

use std::sync::Arc;

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::sigmatch::{
    abstract_bindings, instantiate_sig, rename_sizes_in_env, replace_type_in_env,
};
use super::{child_nodes, name_text, path_segments, Checker, Frame};
use crate::diagnostic::Diagnostic;
use crate::env::{Functor, ModEnv, Module, Scheme, Sig, TypeDef, TypeParam, Value};
use crate::types::Type;

impl Checker<'_> {
    pub(super) fn module_decl(&mut self, node: &SyntaxNode, local: bool) {
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return;
        };
        let text = name_text(&name);
        let params: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| c.kind() == MOD_PARAM)
            .collect();
        let after_params: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| !matches!(c.kind(), NAME | MOD_PARAM))
            .collect();
        let (sig_node, body) = match after_params.as_slice() {
            [sig, body] => (Some(sig.clone()), body.clone()),
            [body] => (None, body.clone()),
            _ => return,
        };
        let module = if params.is_empty() {
            let module = self.mod_exp(&body, &text);
            match (module, sig_node) {
                (Some(module), Some(sig)) => {
                    let sig = self.sig_exp(&sig);
                    self.ascribe_module(module, &sig, &text, body.text_range())
                }
                (module, _) => module,
            }
        } else {
            self.functor_definition(&text, &params, sig_node.as_ref(), &body)
        };
        if let Some(module) = module {
            self.define(local, |env| {
                env.modules.insert(text.as_str(), module.clone());
            });
        }
    }

    /// `module F (P: S) ... : R = body`: checked once with abstract
    /// parameters (errors reported here), kept for re-elaboration.
    fn functor_definition(
        &mut self,
        name: &str,
        params: &[SyntaxNode],
        result: Option<&SyntaxNode>,
        body: &SyntaxNode,
    ) -> Option<Module> {
        // Each parameter's module type may mention the parameters before it.
        self.frames.push(Frame::default());
        let mut checked_params: Vec<(String, Sig)> = Vec::new();
        for node in params {
            let Some((param, sig)) = self.mod_param(node) else {
                continue;
            };
            let module = self.seal_module(&sig, &param);
            self.frames
                .last_mut()
                .expect("frame")
                .lookup
                .modules
                .insert(param.as_str(), module);
            checked_params.push((param, sig));
        }
        let params = checked_params;
        // The result's module type may mention the parameters.
        let result_sig = result.map(|r| self.sig_exp(r));
        // The body is checked for its diagnostics only: an application
        // elaborates it anew.
        if self.quiet == 0 {
            let checked = self.mod_exp(body, name);
            if let (Some(Module::Struct(env)), Some(sig)) = (&checked, &result_sig) {
                self.ascribe(env, sig, name, body.text_range());
            }
        }
        self.frames.pop();
        Some(Module::Functor(Arc::new(Functor {
            params,
            result_sig,
            body: Some(body.green().into_owned()),
            closure: self.visible_scopes(),
            name: name.to_string(),
        })))
    }

    fn mod_param(&mut self, node: &SyntaxNode) -> Option<(String, Sig)> {
        let name = name_text(&child_nodes(node).find(|c| c.kind() == NAME)?);
        let sig = child_nodes(node)
            .find(|c| c.kind() != NAME)
            .map(|s| self.sig_exp(&s))?;
        Some((name, sig))
    }

    /// Everything visible now, scope by scope (a functor's closure).
    fn visible_scopes(&self) -> Vec<ModEnv> {
        self.frames
            .iter()
            .map(|frame| frame.lookup.clone())
            .collect()
    }

    /// Evaluates a module expression; `name` qualifies abstract types it seals.
    /// [`Self::mod_exp_unguarded`] with enough stack for any depth.
    pub(super) fn mod_exp(&mut self, node: &SyntaxNode, name: &str) -> Option<Module> {
        runic_syntax::with_stack(|| self.mod_exp_unguarded(node, name))
    }

    fn mod_exp_unguarded(&mut self, node: &SyntaxNode, name: &str) -> Option<Module> {
        match node.kind() {
            MOD_PATH => {
                let segments = child_nodes(node)
                    .next()
                    .map(|p| path_segments(&p))
                    .unwrap_or_default();
                self.module_by_path(&segments, node.text_range())
            }
            MOD_PAREN => child_nodes(node)
                .next()
                .and_then(|m| self.mod_exp(&m, name)),
            MOD_STRUCT => {
                self.frames.push(Frame::default());
                for decl in child_nodes(node) {
                    self.decl(&decl, false);
                }
                let frame = self.frames.pop().expect("frame");
                Some(Module::Struct(Arc::new(frame.exports)))
            }
            MOD_ASCRIPTION => {
                let parts: Vec<SyntaxNode> = child_nodes(node).collect();
                let [module, sig] = parts.as_slice() else {
                    return None;
                };
                let module = self.mod_exp(module, name)?;
                let sig = self.sig_exp(sig);
                self.ascribe_module(module, &sig, name, node.text_range())
            }
            MOD_APP => self.functor_application(node, name),
            MOD_LAMBDA => {
                let params: Vec<SyntaxNode> = child_nodes(node)
                    .filter(|c| c.kind() == MOD_PARAM)
                    .collect();
                let rest: Vec<SyntaxNode> = child_nodes(node)
                    .filter(|c| c.kind() != MOD_PARAM)
                    .collect();
                let (result, body) = match rest.as_slice() {
                    [sig, body] => (Some(sig), body),
                    [body] => (None, body),
                    _ => return None,
                };
                self.functor_definition(name, &params, result, body)
            }
            MOD_IMPORT => self.import(node).map(Module::Struct),
            _ => None,
        }
    }

    fn module_by_path(&mut self, segments: &[String], range: TextRange) -> Option<Module> {
        if let [single] = segments {
            let builtin = single == "intrinsics"
                && self
                    .frames
                    .iter()
                    .rposition(|f| f.lookup.modules.get(single.as_str()).is_some())
                    == Some(0);
            if builtin {
                self.error(
                    "module-error",
                    range,
                    "The 'intrinsics' module may not be used in module expressions.",
                );
                return None;
            }
        }
        let found = match segments {
            [single] => self.lookup_module(single),
            [prefix @ .., last] => self
                .lookup_module_path(prefix)
                .and_then(|env| env.modules.get(last.as_str()).cloned()),
            [] => None,
        };
        if found.is_none() {
            self.error(
                "unknown-name",
                range,
                format!("Unknown name \"{}\".", segments.join(".")),
            );
        }
        found
    }

    fn functor_application(&mut self, node: &SyntaxNode, name: &str) -> Option<Module> {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let [func, arg] = parts.as_slice() else {
            return None;
        };
        let functor = self.mod_exp(func, name)?;
        let Module::Functor(functor) = functor else {
            self.error(
                "module-error",
                func.text_range(),
                "Cannot apply non-parametric module.",
            );
            return None;
        };
        let arg_module = self.mod_exp(arg, name)?;
        let param = functor.params.first().map(|(p, _)| p.clone());
        let result = self.apply_functor(&functor, arg_module, arg.text_range(), name)?;
        // Sizes the result names through the parameter are the argument's
        // when the argument has a name.
        let arg_path = (arg.kind() == MOD_PATH)
            .then(|| child_nodes(arg).next().map(|p| path_segments(&p).join(".")))
            .flatten();
        match (result, param, arg_path) {
            (Module::Struct(env), Some(param), Some(path)) => {
                let mut env = (*env).clone();
                let prefix = format!("{param}.");
                rename_sizes_in_env(&mut env, &|n| {
                    n.strip_prefix(&prefix).map(|rest| format!("{path}.{rest}"))
                });
                Some(Module::Struct(Arc::new(env)))
            }
            (result, ..) => Some(result),
        }
    }

    /// The module `functor` gives for the argument `arg` (matched against
    /// the parameter's module type, reported at `range`).
    pub(super) fn apply_functor(
        &mut self,
        functor: &Arc<Functor>,
        arg: Module,
        range: TextRange,
        name: &str,
    ) -> Option<Module> {
        let (param, param_sig) = functor.params.first()?.clone();
        // What the parameter's abstract types are for this argument.
        let mut bindings = Vec::new();
        let bound = match (&arg, &param_sig) {
            (Module::Struct(arg_env), Sig::Struct(_)) => {
                let bound = self.ascribe_transparent(arg_env, &param_sig, range);
                abstract_bindings(&self.seal(&param_sig, &param), arg_env, &mut bindings);
                Module::Struct(bound)
            }
            (Module::Functor(arg_functor), Sig::Functor { .. }) => {
                self.match_functor(arg_functor, &param_sig, range);
                arg
            }
            (Module::Struct(_), Sig::Functor { .. }) => {
                self.error("module-error", range, "Expected a parametric module.");
                return None;
            }
            (Module::Functor(_), Sig::Struct(_)) => {
                self.error(
                    "module-error",
                    range,
                    "Expected a non-parametric module, but got a parametric module.",
                );
                return None;
            }
        };
        let result_sig = functor
            .result_sig
            .as_ref()
            .map(|sig| self.inventing(|fresh| instantiate_sig(sig, &bindings, fresh)));
        if functor.params.len() > 1 {
            // Curried functor: the rest of the parameters remain.
            let saved = self.enter_functor(functor, param, bound);
            let closure = self.visible_scopes();
            self.frames = saved;
            return Some(Module::Functor(Arc::new(Functor {
                params: functor.params[1..]
                    .iter()
                    .map(|(p, sig)| {
                        let sig = self.inventing(|fresh| instantiate_sig(sig, &bindings, fresh));
                        (p.clone(), sig)
                    })
                    .collect(),
                result_sig,
                body: functor.body.clone(),
                closure,
                name: functor.name.clone(),
            })));
        }
        let Some(body) = &functor.body else {
            // Known only by its module type: the result, abstract.
            let sig = result_sig.unwrap_or_else(|| Sig::Struct(Arc::default()));
            return Some(self.seal_module(&sig, name));
        };
        let saved = self.enter_functor(functor, param, bound);
        self.quiet += 1;
        let result = self.mod_exp(&SyntaxNode::new_root(body.clone()), name);
        self.quiet -= 1;
        self.frames = saved;
        match (result, &result_sig) {
            (Some(Module::Struct(env)), Some(sig)) => {
                Some(Module::Struct(self.seal_as(&env, sig, name)))
            }
            (result, _) => result,
        }
    }

    /// Checks a functor against a functor module type: applied to a module
    /// that is just the type's parameter, it must give what the result
    /// type specifies.
    pub(super) fn match_functor(&mut self, functor: &Arc<Functor>, sig: &Sig, range: TextRange) {
        let Sig::Functor {
            param,
            param_sig,
            result,
        } = sig
        else {
            self.error(
                "module-error",
                range,
                "Expected a non-parametric module, but got a parametric module.",
            );
            return;
        };
        let arg = self.seal_module(param_sig, param);
        let Some(applied) = self.apply_functor(functor, arg, range, param) else {
            return;
        };
        match (&applied, &**result) {
            (Module::Struct(env), Sig::Struct(_)) => self.match_sig(env, result, range),
            (Module::Functor(inner), Sig::Functor { .. }) => {
                self.match_functor(inner, result, range)
            }
            (Module::Struct(_), Sig::Functor { .. }) => {
                self.error("module-error", range, "Expected a parametric module.")
            }
            (Module::Functor(_), Sig::Struct(_)) => self.error(
                "module-error",
                range,
                "Expected a non-parametric module, but got a parametric module.",
            ),
        }
    }

    /// A functor as seen through the functor module type `sig` (already
    /// matched): its parameter's and result's types are the module type's.
    pub(super) fn ascribe_functor(&mut self, functor: &Arc<Functor>, sig: &Sig) -> Arc<Functor> {
        let Sig::Functor {
            param: sig_param,
            param_sig,
            result,
        } = sig
        else {
            return functor.clone();
        };
        let Some((param, _)) = functor.params.first() else {
            return functor.clone();
        };
        // The module type names its parameter's abstract types after its own
        // parameter; the functor's body knows the parameter by its own name.
        let mut renames = Vec::new();
        abstract_bindings(
            &self.seal(param_sig, sig_param),
            &self.seal(param_sig, param),
            &mut renames,
        );
        if functor.params.len() != 1 {
            return functor.clone();
        }
        let params = vec![(param.clone(), (**param_sig).clone())];
        let result = self.inventing(|fresh| instantiate_sig(result, &renames, fresh));
        Arc::new(Functor {
            params,
            result_sig: Some(result),
            body: functor.body.clone(),
            closure: functor.closure.clone(),
            name: functor.name.clone(),
        })
    }

    /// A module type expression.
    /// [`Self::sig_exp_unguarded`] with enough stack for any depth.
    pub(super) fn sig_exp(&mut self, node: &SyntaxNode) -> Sig {
        runic_syntax::with_stack(|| self.sig_exp_unguarded(node))
    }

    fn sig_exp_unguarded(&mut self, node: &SyntaxNode) -> Sig {
        match node.kind() {
            SIG_PATH => {
                let segments = child_nodes(node)
                    .next()
                    .map(|p| path_segments(&p))
                    .unwrap_or_default();
                let found = match segments.as_slice() {
                    [single] => self.lookup_sig(single),
                    [prefix @ .., last] => self
                        .lookup_module_path(prefix)
                        .and_then(|env| env.sigs.get(last.as_str()).cloned()),
                    [] => None,
                };
                found.unwrap_or_else(|| {
                    self.error(
                        "unknown-name",
                        node.text_range(),
                        format!("Unknown module type \"{}\".", segments.join(".")),
                    );
                    Sig::Struct(Arc::new(ModEnv::default()))
                })
            }
            SIG_PAREN => child_nodes(node)
                .next()
                .map_or_else(|| Sig::Struct(Arc::default()), |s| self.sig_exp(&s)),
            SIG_STRUCT => {
                self.frames.push(Frame::default());
                for spec in child_nodes(node) {
                    self.spec(&spec);
                }
                let frame = self.frames.pop().expect("frame");
                Sig::Struct(Arc::new(frame.exports))
            }
            SIG_WITH => self.sig_with(node),
            SIG_ARROW => {
                let parts: Vec<SyntaxNode> = child_nodes(node).collect();
                let [param, result] = parts.as_slice() else {
                    return Sig::Struct(Arc::default());
                };
                let (name, param_sig) = if param.kind() == MOD_PARAM {
                    self.mod_param(param)
                        .unwrap_or_else(|| (String::new(), Sig::Struct(Arc::default())))
                } else {
                    (String::new(), self.sig_exp(param))
                };
                self.frames.push(Frame::default());
                let module = self.seal_module(&param_sig, &name);
                self.frames
                    .last_mut()
                    .expect("frame")
                    .lookup
                    .modules
                    .insert(name.as_str(), module);
                let result = self.sig_exp(result);
                self.frames.pop();
                Sig::Functor {
                    param: name,
                    param_sig: Box::new(param_sig),
                    result: Box::new(result),
                }
            }
            _ => Sig::Struct(Arc::default()),
        }
    }

    /// `S with t = T`: makes the abstract type `t` of `S` equal to `T`.
    fn sig_with(&mut self, node: &SyntaxNode) -> Sig {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let Some(base) = parts.first() else {
            return Sig::Struct(Arc::default());
        };
        let base = self.sig_exp(base);
        let Some(path) = parts.iter().find(|p| p.kind() == PATH) else {
            return base;
        };
        let segments = path_segments(path);
        let params = super::decls::type_params(node);
        let Some(ty_node) = parts.last().filter(|p| p.kind() != PATH) else {
            return base;
        };
        let ty = self.with_type_params(&params, ty_node);
        let Sig::Struct(env) = base else {
            self.error(
                "module-error",
                node.text_range(),
                "Cannot refine a parametric module type with \"with\".",
            );
            return base;
        };
        let Some((type_name, modules)) = segments.split_last() else {
            return Sig::Struct(env);
        };
        match type_at_path(&env, modules, type_name) {
            Some(TypeDef::Abstract {
                name: abstract_name,
                lifted,
                params: spec_params,
            }) => {
                if !same_type_params(&spec_params, &params) {
                    self.error(
                        "module-error",
                        node.text_range(),
                        format!(
                            "Cannot refine a type having {} with a type having {}.",
                            describe_type_params(&spec_params),
                            describe_type_params(&params)
                        ),
                    );
                    return Sig::Struct(env);
                }
                let alias = TypeDef::Alias {
                    params,
                    body: ty,
                    lifted,
                };
                let mut refined = (*env).clone();
                set_type_at_path(&mut refined, modules, type_name, alias.clone());
                self.inventing(|fresh| {
                    replace_type_in_env(&mut refined, &abstract_name, &alias, fresh)
                });
                Sig::Struct(Arc::new(refined))
            }
            Some(TypeDef::Alias { .. }) => {
                self.error(
                    "module-error",
                    path.text_range(),
                    format!(
                        "\"{}\" is not an abstract type in the module type.",
                        segments.join(".")
                    ),
                );
                Sig::Struct(env)
            }
            None => {
                self.error(
                    "unknown-name",
                    path.text_range(),
                    format!(
                        "\"{}\" is not an abstract type in the module type.",
                        segments.join(".")
                    ),
                );
                Sig::Struct(env)
            }
        }
    }

    fn spec(&mut self, node: &SyntaxNode) {
        match node.kind() {
            VAL_SPEC => {
                let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
                    return;
                };
                self.check_not_defined_twice("name", &name_text(&name), node.text_range());
                let params = super::decls::type_params(node);
                self.enter_type_params(&params);
                let ty = child_nodes(node)
                    .filter(|c| !matches!(c.kind(), NAME | TYPE_PARAM | SIZE_PARAM | ATTR))
                    .last()
                    .map_or_else(Type::unit, |t| self.type_exp(&t));
                self.leave_type_params();
                if arrow_params(&ty).any(super::decls::has_invented_size) {
                    self.error(
                        "module-error",
                        node.text_range(),
                        format!("All function parameters must have non-anonymous sizes.\nHint: add size parameters to \"{}\".", name_text(&name)),
                    );
                }
                let value = Value {
                    scheme: Arc::new(Scheme { params, ty }),
                    range: Some(self.loc(name.text_range())),
                    deferred: false,
                };
                let text = name_text(&name);
                self.define(false, |env| {
                    env.values.insert(text.as_str(), value.clone());
                });
            }
            TYPE_SPEC => self.type_spec(node),
            MODULE_SPEC => {
                let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
                    return;
                };
                let Some(sig) = child_nodes(node)
                    .find(|c| c.kind() != NAME)
                    .map(|s| self.sig_exp(&s))
                else {
                    return;
                };
                let text = name_text(&name);
                let module = self.seal_module(&sig, &text);
                self.define(false, |e| {
                    e.modules.insert(text.as_str(), module.clone());
                });
            }
            INCLUDE_SPEC => {
                if let Some(sig) = child_nodes(node).next() {
                    match self.sig_exp(&sig) {
                        Sig::Struct(env) => {
                            let env = self.without_self_refinements(&env);
                            self.warn_shadowed_types(&env, node);
                            self.define(false, |e| e.extend(&env))
                        }
                        Sig::Functor { .. } => self.error(
                            "module-error",
                            node.text_range(),
                            "Cannot include a parametric module type.",
                        ),
                    }
                }
            }
            _ => {}
        }
    }

    /// An included module type without the types it refines to the
    /// abstract type of the same name specified before (`type t` then
    /// `include S with t = t`): that type stays abstract.
    fn without_self_refinements(&self, env: &Arc<ModEnv>) -> Arc<ModEnv> {
        let frame = &self.frames.last().expect("frame").lookup;
        let same: Vec<crate::env::Name> = env
            .types
            .iter()
            .filter(|(key, def)| {
                let (
                    TypeDef::Alias {
                        body: Type::Named { name, args, .. },
                        params,
                        ..
                    },
                    Some(TypeDef::Abstract {
                        name: spec_name, ..
                    }),
                ) = (def, frame.types.get(&***key))
                else {
                    return false;
                };
                name == spec_name && args.len() == params.len()
            })
            .map(|(key, _)| key.clone())
            .collect();
        if same.is_empty() {
            return env.clone();
        }
        let mut kept = (**env).clone();
        kept.types = crate::env::Map::default();
        kept.types.extend(
            env.types
                .iter()
                .filter(|(key, _)| !same.contains(key))
                .map(|(k, d)| (k.clone(), d.clone())),
        );
        Arc::new(kept)
    }

    /// Warns about the types an `include` in a module type specifies again
    /// after the module type already did (the later one wins).
    fn warn_shadowed_types(&mut self, env: &ModEnv, node: &SyntaxNode) {
        let frame = &self.frames.last().expect("frame").lookup;
        let mut shadowed: Vec<String> = env
            .types
            .keys()
            .filter(|key| frame.types.get(&***key).is_some())
            .map(|key| key.to_string())
            .collect();
        shadowed.sort();
        for name in shadowed {
            self.report(Diagnostic::warning(
                "shadowing",
                node.text_range(),
                format!("Inclusion shadows type \"{name}\" specified earlier in the module type."),
            ));
        }
    }

    fn type_spec(&mut self, node: &SyntaxNode) {
        let has_body =
            child_nodes(node).any(|c| !matches!(c.kind(), NAME | TYPE_PARAM | SIZE_PARAM | ATTR));
        if has_body {
            self.decl_type_abbreviation(node);
            return;
        }
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return;
        };
        let text = name_text(&name);
        self.check_not_defined_twice("type", &text, node.text_range());
        self.check_type_params_distinct(node);
        let lifted = super::types::declared_liftedness(node);
        let def = TypeDef::Abstract {
            params: super::decls::type_params(node),
            name: text.clone(),
            lifted,
        };
        self.define(false, |env| {
            env.types.insert(text.as_str(), def.clone());
        });
    }

    fn decl_type_abbreviation(&mut self, node: &SyntaxNode) {
        // A spec `type t = ...` has the shape of a type declaration.
        self.type_decl(node, false);
    }

    pub(super) fn module_type_decl(&mut self, node: &SyntaxNode, local: bool) {
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return;
        };
        let Some(body) = child_nodes(node).find(|c| c.kind() != NAME) else {
            return;
        };
        let sig = self.sig_exp(&body);
        let text = name_text(&name);
        self.define(local, |env| {
            env.sigs.insert(text.as_str(), sig.clone());
        });
    }

    /// `open M`: M's names come into scope and are re-exported (`local open`
    /// only brings them into scope).
    pub(super) fn open_decl(&mut self, node: &SyntaxNode, local: bool) {
        let Some(module) = child_nodes(node).next() else {
            return;
        };
        match self.mod_exp(&module, "") {
            Some(Module::Struct(env)) => self.define(local, |e| e.extend(&env)),
            Some(Module::Functor(_)) => {
                self.error(
                    "module-error",
                    module.text_range(),
                    "Cannot have parametric module here.",
                );
            }
            None => {}
        }
    }

    pub(super) fn include_decl(&mut self, node: &SyntaxNode, local: bool) {
        let Some(module) = child_nodes(node).next() else {
            return;
        };
        if let Some(Module::Struct(env)) = self.mod_exp(&module, "") {
            self.define(local, |e| e.extend(&env));
        }
    }

    /// `import "path"` at the top level: the file's names come into scope.
    pub(super) fn import_decl(&mut self, node: &SyntaxNode) {
        if let Some(env) = self.import(node) {
            self.frames.last_mut().expect("frame").lookup.extend(&env);
        }
    }

    /// The environment of the file an `import` names.
    fn import(&mut self, node: &SyntaxNode) -> Option<Arc<ModEnv>> {
        let token = super::token_of_kind(node, runic_syntax::SyntaxKind::STRING)?;
        let path = token.text().trim_matches('"').to_string();
        let found = self.imports.import(&path);
        if found.is_none() {
            let (code, message) = match self.imports.cycle(&path) {
                Some(chain) => (
                    "import-cycle",
                    format!("Import cycle: {}.", chain.join(" -> ")),
                ),
                None => (
                    "unknown-import",
                    format!("Could not find import \"{path}\"."),
                ),
            };
            self.error(code, token.text_range(), message);
        }
        found
    }
}

/// Whether a refinement's type parameters fit those of the abstract type
/// it refines: as many, of the same kinds, each type parameter at least as
/// lifted (a refinement may widen a parameter, never narrow it).
fn same_type_params(spec: &[TypeParam], refined: &[TypeParam]) -> bool {
    let rank = |l: &crate::env::Liftedness| match l {
        crate::env::Liftedness::Unlifted => 0,
        crate::env::Liftedness::SizeLifted => 1,
        crate::env::Liftedness::Lifted => 2,
    };
    spec.len() == refined.len()
        && spec.iter().zip(refined).all(|pair| match pair {
            (TypeParam::Size(_), TypeParam::Size(_)) => true,
            (TypeParam::Type { lifted: a, .. }, TypeParam::Type { lifted: b, .. }) => {
                rank(b) >= rank(a)
            }
            _ => false,
        })
}

/// "no parameters", or the parameters as written: "parameters 'a [n]".
fn describe_type_params(params: &[TypeParam]) -> String {
    if params.is_empty() {
        return "no parameters".into();
    }
    let shown: Vec<String> = params
        .iter()
        .map(|p| match p {
            TypeParam::Size(n) => format!("[{n}]"),
            TypeParam::Type { name, lifted } => {
                let mark = match lifted {
                    crate::env::Liftedness::Unlifted => "'",
                    crate::env::Liftedness::SizeLifted => "'~",
                    crate::env::Liftedness::Lifted => "'^",
                };
                format!("{mark}{name}")
            }
        })
        .collect();
    format!("parameters {}", shown.join(" "))
}

impl Checker<'_> {
    /// Enters the scopes of `functor`'s body with its parameter `param`
    /// bound to `bound`; returns the scopes to restore after.
    fn enter_functor(&mut self, functor: &Functor, param: String, bound: Module) -> Vec<Frame> {
        let saved = std::mem::replace(&mut self.frames, functor_frames(functor));
        self.frames
            .last_mut()
            .expect("frame")
            .lookup
            .modules
            .insert(param, bound);
        saved
    }
}

/// The scopes a functor's body sees: its closure, and a frame for its
/// parameter.
fn functor_frames(functor: &Functor) -> Vec<Frame> {
    functor
        .closure
        .iter()
        .map(|scope| Frame::opened(Arc::new(scope.clone())))
        .chain(std::iter::once(Frame::default()))
        .collect()
}

/// The parameter types of a function type, outermost first.
fn arrow_params(ty: &Type) -> impl Iterator<Item = &Type> {
    std::iter::successors(Some(ty), |t| match t {
        Type::Arrow { ret, .. } => Some(ret),
        _ => None,
    })
    .filter_map(|t| match t {
        Type::Arrow { param, .. } => Some(&**param),
        _ => None,
    })
}

/// The type `name` inside the nested modules `modules` of `env`.
pub(super) fn type_at_path(env: &ModEnv, modules: &[String], name: &str) -> Option<TypeDef> {
    match modules.split_first() {
        None => env.types.get(name).cloned(),
        Some((first, rest)) => match env.modules.get(first.as_str())? {
            Module::Struct(inner) => type_at_path(inner, rest, name),
            Module::Functor(_) => None,
        },
    }
}

/// Sets the type `name` inside the nested modules `modules` of `env`.
pub(super) fn set_type_at_path(env: &mut ModEnv, modules: &[String], name: &str, def: TypeDef) {
    match modules.split_first() {
        None => {
            env.types.insert(name, def);
        }
        Some((first, rest)) => {
            if let Some(Module::Struct(inner)) = env.modules.get_mut(first.as_str()) {
                let mut updated = (**inner).clone();
                set_type_at_path(&mut updated, rest, name, def);
                *inner = Arc::new(updated);
            }
        }
    }
}
