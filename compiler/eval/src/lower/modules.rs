//! Declarations and module expressions: files, `def`s, structures,
//! functors (applied by lowering their body again), `open`, `import`, and
//! the entry points of the main file.

use std::collections::HashMap;
use std::rc::Rc;

use runic_sema::types::{PrimType, Type};
use runic_syntax::{SyntaxKind, SyntaxNode};
use SyntaxKind::*;

use super::{
    child, name_of, nodes, token, FileCtx, Functor, GlobalDef, LowerError, Lowered, Lowerer,
    ModVal, Scope, Unit, ValRef,
};
use crate::ir::{Dim, Expr, FuncDef, GlobalId, Loc, Shape};

/// The type of an entry point's parameter or result, as far as the value
/// formats care.
#[derive(Debug, Clone, PartialEq)]
pub enum ValueType {
    /// A scalar (rank 0) or an array of scalars.
    Prim { rank: usize, prim: PrimType },
    /// Anything else: printed as an opaque value of the named type.
    Opaque(String),
    /// A parameter that is a tuple, read as its components, one value
    /// each ("non-nested tuples are supported as simply flat values").
    Tuple(Vec<ValueType>),
}

/// An entry point of the main file.
#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    pub global: GlobalId,
    pub params: Vec<ValueType>,
    /// The parameters' types as the checker inferred them, where known.
    pub inferred: Vec<ValueType>,
    /// Whether each parameter is consumed (its type is unique, `*t`).
    pub consumed: Vec<bool>,
    pub results: Vec<ValueType>,
    /// Each result's dimensions where the checker knows them as constants:
    /// they give empty results their row shape (`empty([0][2]i32)`).
    pub result_dims: Vec<Vec<Option<i64>>>,
    pub loc: Loc,
}

impl Entry {
    /// The parameters' types: as annotated, or, for an unannotated
    /// parameter whose type the checker found to be an array of a
    /// primitive type (or such a primitive), that type.
    pub fn param_types(&self) -> impl Iterator<Item = &ValueType> {
        self.params
            .iter()
            .enumerate()
            .map(|(k, p)| match (p, self.inferred.get(k)) {
                (ValueType::Opaque(_), Some(t @ ValueType::Prim { .. })) => t,
                _ => p,
            })
    }
}

/// A lowered program, ready to run.
pub struct Program {
    pub globals: Vec<GlobalDef>,
    pub entries: Vec<Entry>,
}

/// The prelude as units, under `/prelude/NAME.fut`.
pub fn prelude_units() -> Vec<Unit> {
    let prelude = runic_sema::Prelude::builtin();
    [
        "prelude",
        "soacs",
        "array",
        "zip",
        "math",
        "functional",
        "ad",
    ]
    .iter()
    .filter_map(|name| {
        let file = prelude.file(name)?;
        let root = file.parse.syntax();
        Some(Unit {
            path: format!("/prelude/{name}.fut"),
            text: Rc::from(root.text().to_string()),
            root,
            types: file.types.clone(),
        })
    })
    .collect()
}

impl Program {
    /// Lowers the prelude, then the file `main` and what it imports.
    /// `units` holds every user file by path; `resolve(importer, path)`
    /// gives the path an `import` names.
    pub fn load(
        units: &HashMap<String, Unit>,
        main: &str,
        resolve: &dyn Fn(&str, &str) -> String,
    ) -> Lowered<Program> {
        let prelude = lowered_prelude()?;
        let main_unit = units.get(main).cloned().ok_or_else(|| LowerError {
            loc: main.to_string(),
            message: "no such file".into(),
        })?;
        let mut lowerer = Lowerer::new(units, resolve, &main_unit, prelude.visible.clone());
        lowerer.globals = prelude.globals.clone();
        lowerer.files = prelude.files.clone();
        lowerer.file_scope(&main_unit, prelude.visible.clone())?;
        let entries = lowerer.entries(&main_unit)?;
        Ok(Program {
            globals: lowerer.globals,
            entries,
        })
    }

    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }
}

/// The prelude, lowered once per thread and shared by every program: its
/// globals come first in every program's list.
struct LoweredPrelude {
    globals: Vec<GlobalDef>,
    files: HashMap<String, Rc<Scope>>,
    /// The names every user file starts with.
    visible: Scope,
}

fn lowered_prelude() -> Lowered<Rc<LoweredPrelude>> {
    thread_local! {
        static PRELUDE: std::cell::RefCell<Option<Rc<LoweredPrelude>>> = const { std::cell::RefCell::new(None) };
    }
    if let Some(done) = PRELUDE.with(|p| p.borrow().clone()) {
        return Ok(done);
    }
    let units: HashMap<String, Unit> = prelude_units()
        .into_iter()
        .map(|u| (u.path.clone(), u))
        .collect();
    let root = units
        .get("/prelude/prelude.fut")
        .cloned()
        .ok_or_else(|| LowerError {
            loc: "/prelude/prelude.fut".into(),
            message: "the prelude is missing".into(),
        })?;
    let mut base = Scope::default();
    base.mods.insert(Rc::from("intrinsics"), ModVal::Intrinsics);
    let mut lowerer = Lowerer::new(&units, &crate::run::resolve_import, &root, base.clone());
    let (_, visible) = lowerer.file_scope(&root, base)?;
    let lowered = Rc::new(LoweredPrelude {
        globals: lowerer.globals,
        files: lowerer.files,
        visible,
    });
    PRELUDE.with(|p| *p.borrow_mut() = Some(lowered.clone()));
    Ok(lowered)
}

impl<'a> Lowerer<'a> {
    fn new(
        units: &'a HashMap<String, Unit>,
        resolve: &'a dyn Fn(&str, &str) -> String,
        first: &Unit,
        prelude_scope: Scope,
    ) -> Lowerer<'a> {
        Lowerer {
            units,
            resolve,
            globals: Vec::new(),
            files: HashMap::new(),
            file: Rc::new(FileCtx::new(first)),
            fns: Vec::new(),
            scope: Scope::default(),
            exports: Scope::default(),
            unbound_sizes: Vec::new(),
            depth: 0,
            prelude_scope,
            size_substitution: Vec::new(),
            use_scopes: Vec::new(),
            chain_first: None,
            expanding: Vec::new(),
            opens: Vec::new(),
            invented_sizes: HashMap::new(),
        }
    }
}

impl Lowerer<'_> {
    /// Lowers a file in a starting scope: its exports and the names visible
    /// at its end. Files imported twice are lowered once.
    fn file_scope(&mut self, unit: &Unit, start: Scope) -> Lowered<(Rc<Scope>, Scope)> {
        let saved_file = std::mem::replace(&mut self.file, Rc::new(FileCtx::new(unit)));
        let saved_scope = std::mem::replace(&mut self.scope, start);
        let saved_exports = std::mem::take(&mut self.exports);
        let result = nodes(&unit.root).try_for_each(|decl| self.decl(&decl, false));
        let exports = Rc::new(std::mem::replace(&mut self.exports, saved_exports));
        let visible = std::mem::replace(&mut self.scope, saved_scope);
        self.file = saved_file;
        result?;
        self.files.insert(unit.path.clone(), exports.clone());
        Ok((exports, visible))
    }

    /// Adds names to the scope, and to the exports unless `local`.
    fn define(&mut self, local: bool, names: &Scope) {
        self.scope.extend(names);
        if !local {
            self.exports.extend(names);
        }
    }

    /// [`Self::decl_unguarded`] with enough stack for any depth.
    fn decl(&mut self, node: &SyntaxNode, local: bool) -> Lowered<()> {
        runic_syntax::with_stack(|| self.decl_unguarded(node, local))
    }

    fn decl_unguarded(&mut self, node: &SyntaxNode, local: bool) -> Lowered<()> {
        match node.kind() {
            VALUE_DECL => {
                let (name, global) = self.value_decl(node)?;
                let mut names = Scope::default();
                names.vals.insert(Rc::from(name), ValRef::Global(global));
                self.define(local, &names);
            }
            TYPE_DECL => {
                let params: Vec<String> = nodes(node)
                    .filter(|c| c.kind() == SIZE_PARAM)
                    .filter_map(|c| name_of(&c))
                    .collect();
                let body = nodes(node)
                    .filter(|c| !matches!(c.kind(), NAME | SIZE_PARAM | TYPE_PARAM))
                    .last();
                // An abbreviation of the accumulator type: its uses bind
                // sizes through its argument.
                let acc = body.as_ref().is_some_and(|b| {
                    b.kind() == TYPE_APP
                        && nodes(b)
                            .next()
                            .is_some_and(|h| h.text() == "intrinsics.acc")
                });
                if let (Some(body), Some(name)) = (body, name_of(node)) {
                    let mut names = Scope::default();
                    let abbrev = super::SizedAbbrev { params, body, acc };
                    names.types.insert(Rc::from(name), Rc::new(abbrev));
                    self.define(local, &names);
                }
            }
            MODULE_DECL => {
                let name = name_of(node).unwrap_or_default();
                let module = self.module_decl(node)?;
                let mut names = Scope::default();
                names.mods.insert(Rc::from(name), module);
                self.define(local, &names);
            }
            OPEN_DECL | INCLUDE_DECL => {
                if let Some(m) = nodes(node).find(|c| c.kind().is_module_expr()) {
                    if let ModVal::Struct(names) = self.mod_exp(&m)? {
                        self.define(local, &names);
                    }
                }
            }
            IMPORT_DECL => {
                let names = self.import(node)?;
                self.scope.extend(&names);
            }
            LOCAL_DECL => {
                if let Some(inner) = nodes(node).next() {
                    self.decl(&inner, true)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Lowers a `def`/`entry` into a global.
    fn value_decl(&mut self, node: &SyntaxNode) -> Lowered<(String, GlobalId)> {
        let Some(name) = name_of(node) else {
            return self.error(node, "definition without a name");
        };
        let sizes: Vec<String> = nodes(node)
            .filter(|c| c.kind() == SIZE_PARAM)
            .filter_map(|c| name_of(&c))
            .collect();
        let params: Vec<SyntaxNode> = nodes(node).filter(|c| c.kind().is_pattern()).collect();
        let Some(body) = nodes(node).filter(|c| c.kind().is_expr()).last() else {
            return self.error(node, "definition without a body");
        };
        let loc = self.loc(node);
        // A definition with size parameters but no parameters (`def zeros
        // [n] : [n]i32`) runs at each use, with sizes from the use's type.
        let def = if params.is_empty() && sizes.is_empty() {
            let ((body, _), frame_size, _, _) = self.in_function(|l| {
                l.size_params(&sizes);
                Ok((l.expr(&body)?, ()))
            })?;
            GlobalDef::Const {
                body,
                frame_size,
                name: Rc::from(name.as_str()),
            }
        } else {
            // A function is in scope in its own body (Futhark 0.28's
            // recursion): its global exists, as a stand-in, while the body
            // is lowered, and recursive calls apply it by id.
            let id = self.new_global(GlobalDef::Const {
                body: crate::ir::Expr::Const(crate::value::Value::unit()),
                frame_size: 0,
                name: Rc::from(name.as_str()),
            });
            if !params.is_empty() && name.starts_with(|c: char| c.is_alphabetic() || c == '_') {
                self.scope
                    .vals
                    .insert(Rc::from(name.as_str()), ValRef::Global(id));
            }
            let (func, _) = self.function(&name, &sizes, &params, &body, loc)?;
            self.globals[id as usize] = GlobalDef::Func(func);
            return Ok((name, id));
        };
        Ok((name, self.new_global(def)))
    }

    /// Binds size parameters to fresh slots, to be filled by the first
    /// parameter whose type mentions them.
    pub(super) fn size_params(&mut self, sizes: &[String]) {
        for size in sizes {
            let slot = self.bind(size);
            self.unbound_sizes.push((Rc::from(size.as_str()), slot));
        }
    }

    /// Lowers a function (a `def` with parameters, a local function or a
    /// lambda); also returns the enclosing slots its closure captures.
    pub(super) fn function(
        &mut self,
        name: &str,
        sizes: &[String],
        params: &[SyntaxNode],
        body: &SyntaxNode,
        loc: Loc,
    ) -> Lowered<(Rc<FuncDef>, Vec<u32>)> {
        let decl = body.parent();
        let ret = nodes(decl.as_ref().unwrap_or(body)).find(|c| c.kind() == RET_TYPE);
        let noinline = decl
            .as_ref()
            .is_some_and(|d| d.kind() == VALUE_DECL && super::exprs::has_attr(d, "noinline"));
        let ((params, body, implicit_sizes), frame_size, inner, outer) = self.in_function(|l| {
            l.size_params(sizes);
            let params = params
                .iter()
                .map(|p| l.pattern(p))
                .collect::<Lowered<Vec<_>>>()?;
            let implicit = match &ret {
                Some(ret) => l.implicit_sizes(ret),
                None => Vec::new(),
            };
            let checked_ret = match &ret {
                Some(ret) => l.return_check(ret, &implicit)?,
                None => None,
            };
            let type_sizes = l.type_sizes(body);
            Ok((params, l.expr(body)?, (implicit, checked_ret, type_sizes)))
        })?;
        let (implicit_sizes, ret, type_sizes) = implicit_sizes;
        // After the body, only the return type's check reads the frame:
        // what the body's value comes straight from may be moved unless
        // that check reads it.
        let mut read = Vec::new();
        let body = match &ret {
            Some((shape, _)) if !shape_slots(shape, &mut read) => body,
            _ => super::exprs::move_tail(body, &|slot| {
                !inner.contains(&slot) && !read.contains(&slot)
            }),
        };
        let func = FuncDef {
            name: Rc::from(name),
            params,
            body,
            frame_size,
            captures: inner,
            implicit_sizes,
            type_sizes,
            ret,
            loc,
            noinline,
        };
        Ok((Rc::new(func), outer))
    }

    /// The size parameters still unbound after the parameters that the
    /// return type (an array, or a tuple of arrays) mentions as a dimension.
    fn implicit_sizes(&mut self, ret: &SyntaxNode) -> Vec<(Option<usize>, usize, u32)> {
        let Some(ty) = nodes(ret).next() else {
            return Vec::new();
        };
        let ty = strip_type(ty);
        let components: Vec<(Option<usize>, SyntaxNode)> = if ty.kind() == TUPLE_TYPE {
            nodes(&ty)
                .map(strip_type)
                .enumerate()
                .map(|(i, t)| (Some(i), t))
                .collect()
        } else {
            vec![(None, ty)]
        };
        let mut found = Vec::new();
        for (component, ty) in components {
            let mut dims = Vec::new();
            let mut ty = ty;
            while ty.kind() == ARRAY_TYPE {
                dims.extend(nodes(&ty).filter(|c| c.kind() == DIM));
                match nodes(&ty).find(|c| c.kind() != DIM) {
                    Some(elem) => ty = strip_type(elem),
                    None => break,
                }
            }
            for (d, dim) in dims.into_iter().enumerate() {
                let name = dim.text().to_string();
                let name = name.trim_matches(|c| c == '[' || c == ']').trim();
                if let Some(i) = self.unbound_sizes.iter().position(|(n, _)| &**n == name) {
                    let (_, slot) = self.unbound_sizes.remove(i);
                    found.push((component, d, slot));
                }
            }
        }
        found
    }

    fn module_decl(&mut self, node: &SyntaxNode) -> Lowered<ModVal> {
        let params: Vec<Rc<str>> = nodes(node)
            .filter(|c| c.kind() == MOD_PARAM)
            .filter_map(|c| name_of(&c))
            .map(|n| Rc::from(n.as_str()))
            .collect();
        let Some(body) = nodes(node).filter(|c| c.kind().is_module_expr()).last() else {
            return self.error(node, "module without a body");
        };
        if params.is_empty() {
            return self.mod_exp(&body);
        }
        Ok(ModVal::Functor(Rc::new(Functor {
            params,
            body,
            closure: self.scope.clone(),
            file: self.file.clone(),
        })))
    }

    /// [`Self::mod_exp_unguarded`] with enough stack for any depth.
    fn mod_exp(&mut self, node: &SyntaxNode) -> Lowered<ModVal> {
        runic_syntax::with_stack(|| self.mod_exp_unguarded(node))
    }

    fn mod_exp_unguarded(&mut self, node: &SyntaxNode) -> Lowered<ModVal> {
        match node.kind() {
            MOD_PATH => {
                let path = child(node, PATH)
                    .map(|p| super::path_segments(&p))
                    .unwrap_or_default();
                let first = path.first().map(String::as_str).unwrap_or_default();
                let mut module = self.scope.mods.get(first).cloned();
                for segment in path.iter().skip(1) {
                    module = match module {
                        Some(ModVal::Struct(s)) => s.mods.get(segment.as_str()).cloned(),
                        _ => None,
                    };
                }
                match module {
                    Some(m) => Ok(m),
                    None => self.error(node, format!("unknown module `{}`", path.join("."))),
                }
            }
            MOD_STRUCT => {
                let saved_scope = self.scope.clone();
                let saved_exports = std::mem::take(&mut self.exports);
                let result = nodes(node).try_for_each(|decl| self.decl(&decl, false));
                let exports = std::mem::replace(&mut self.exports, saved_exports);
                self.scope = saved_scope;
                result?;
                Ok(ModVal::Struct(Rc::new(exports)))
            }
            MOD_APP => {
                let mut parts = nodes(node).filter(|c| c.kind().is_module_expr());
                let (Some(f), Some(arg)) = (parts.next(), parts.next()) else {
                    return self.error(node, "incomplete functor application");
                };
                let f = self.mod_exp(&f)?;
                let arg = self.mod_exp(&arg)?;
                self.apply_functor(node, f, arg)
            }
            MOD_ASCRIPTION | MOD_PAREN => match nodes(node).find(|c| c.kind().is_module_expr()) {
                Some(inner) => self.mod_exp(&inner),
                None => self.error(node, "empty module expression"),
            },
            MOD_LAMBDA => self.module_decl(node),
            MOD_IMPORT => Ok(ModVal::Struct(self.import(node)?)),
            _ => self.error(node, "unsupported module expression"),
        }
    }

    fn apply_functor(&mut self, node: &SyntaxNode, f: ModVal, arg: ModVal) -> Lowered<ModVal> {
        let ModVal::Functor(functor) = f else {
            return self.error(node, "applying a module that is not a functor");
        };
        let mut closure = functor.closure.clone();
        closure.mods.insert(functor.params[0].clone(), arg);
        if functor.params.len() > 1 {
            return Ok(ModVal::Functor(Rc::new(Functor {
                params: functor.params[1..].to_vec(),
                body: functor.body.clone(),
                closure,
                file: functor.file.clone(),
            })));
        }
        let saved_file = std::mem::replace(&mut self.file, functor.file.clone());
        let saved_scope = std::mem::replace(&mut self.scope, closure);
        self.depth += 1;
        let result = if self.depth > 100 {
            self.error(node, "functor applications nested too deeply")
        } else {
            self.mod_exp(&functor.body.clone())
        };
        self.depth -= 1;
        self.scope = saved_scope;
        self.file = saved_file;
        result
    }

    /// The exports of the file an `import` names.
    fn import(&mut self, node: &SyntaxNode) -> Lowered<Rc<Scope>> {
        let Some(path) = token(node, STRING) else {
            return self.error(node, "import without a path");
        };
        let path = path.text().trim_matches('"').to_string();
        let resolved = (self.resolve)(&self.file.path, &path);
        if let Some(done) = self.files.get(&resolved) {
            return Ok(done.clone());
        }
        let Some(unit) = self.units.get(&resolved).cloned() else {
            return self.error(node, format!("cannot find import \"{path}\""));
        };
        let start = self.prelude_scope.clone();
        Ok(self.file_scope(&unit, start)?.0)
    }

    /// The entry points declared at the top level of the main file.
    fn entries(&mut self, unit: &Unit) -> Lowered<Vec<Entry>> {
        let file = Rc::new(FileCtx::new(unit));
        let main_exports = self.files.get(&unit.path).cloned().unwrap_or_default();
        let mut entries = Vec::new();
        for decl in nodes(&unit.root) {
            let decl = if decl.kind() == LOCAL_DECL {
                nodes(&decl).next().unwrap_or(decl)
            } else {
                decl
            };
            if decl.kind() != VALUE_DECL {
                continue;
            }
            let Some(name) = name_of(&decl) else { continue };
            // `def main` is an entry point too, as in Futhark.
            if token(&decl, ENTRY_KW).is_none() && name != "main" {
                continue;
            }
            let Some(ValRef::Global(global)) = main_exports.vals.get(name.as_str()).cloned() else {
                continue;
            };
            // The definition's type, recorded at its name, gives the types
            // the checker inferred for unannotated parameters (before
            // defaulting, so only the compiler's declared layouts use them;
            // arguments are read by their annotations).
            let mut inferred = Vec::new();
            let mut fun_ty = nodes(&decl)
                .find(|c| c.kind() == NAME)
                .and_then(|n| file.types.get(&n.text_range()));
            while let Some(Type::Arrow { param, ret, .. }) = fun_ty {
                inferred.push(value_type(param));
                fun_ty = Some(&**ret);
            }
            let mut params: Vec<ValueType> = nodes(&decl)
                .filter(|c| c.kind().is_pattern())
                .map(|p| param_type(&p))
                .collect();
            let mut consumed: Vec<bool> = nodes(&decl)
                .filter(|c| c.kind().is_pattern())
                .map(|p| param_consumed(&p))
                .collect();
            let body = nodes(&decl).filter(|c| c.kind().is_expr()).last();
            let mut ret = body.and_then(|b| file.types.get(&b.text_range()).cloned());
            // A point-free entry point (`entry f = map g`) takes the
            // parameters of its body's function type.
            while let Some(Type::Arrow {
                param, ret: rest, ..
            }) = ret
            {
                params.push(value_type(&param));
                consumed.push(false);
                ret = Some(*rest);
            }
            let components: Vec<Type> = match ret {
                Some(Type::Record(fields)) if is_tuple(&fields) => {
                    let mut fields: Vec<_> = fields.into_iter().collect();
                    fields.sort_by_key(|(k, _)| k.parse::<usize>().unwrap_or(0));
                    fields.into_iter().map(|(_, t)| t).collect()
                }
                Some(t) => vec![t],
                None => Vec::new(),
            };
            let mut results: Vec<ValueType> = components.iter().map(value_type).collect();
            name_opaque_results(&decl, &mut results);
            if results.is_empty() {
                results.push(ValueType::Opaque("unknown".into()));
            }
            let result_dims = components.iter().map(constant_dims).collect();
            entries.push(Entry {
                name,
                global,
                params,
                inferred,
                consumed,
                results,
                result_dims,
                loc: file.loc(decl.text_range()),
            });
        }
        Ok(entries)
    }
}

/// Opaque results named as the return type annotation names them (`state`
/// rather than the record it abbreviates), as Futhark names opaque types.
fn name_opaque_results(decl: &SyntaxNode, results: &mut [ValueType]) {
    let Some(ret) = nodes(decl)
        .find(|c| c.kind() == RET_TYPE)
        .and_then(|r| nodes(&r).next())
        .map(strip_type)
    else {
        return;
    };
    let annotations: Vec<SyntaxNode> = if ret.kind() == TUPLE_TYPE && results.len() > 1 {
        nodes(&ret).collect()
    } else {
        vec![ret]
    };
    if annotations.len() != results.len() {
        return;
    }
    for (result, annotation) in results.iter_mut().zip(annotations) {
        if let (ValueType::Opaque(_), ValueType::Opaque(name)) =
            (&*result, annotation_type(&strip_type(annotation)))
        {
            *result = ValueType::Opaque(name);
        }
    }
}

/// Whether an entry parameter's annotation is a unique type (`*[]i32`).
fn param_consumed(pat: &SyntaxNode) -> bool {
    let typed = pat.descendants().find(|n| n.kind() == TYPED_PAT);
    let mut ty = typed.and_then(|t| nodes(&t).find(|c| !c.kind().is_pattern()));
    while let Some(node) = ty.clone().filter(|t| t.kind() == PAREN_TYPE) {
        ty = nodes(&node).next();
    }
    ty.is_some_and(|t| t.kind() == UNIQUE_TYPE)
}

/// A type without uniqueness marks and parentheses.
fn strip_type(mut ty: SyntaxNode) -> SyntaxNode {
    while matches!(ty.kind(), UNIQUE_TYPE | PAREN_TYPE) {
        match nodes(&ty).next() {
            Some(inner) => ty = inner,
            None => break,
        }
    }
    ty
}

fn is_tuple(fields: &std::collections::BTreeMap<String, Type>) -> bool {
    fields.len() != 1 && (0..fields.len()).all(|i| fields.contains_key(&i.to_string()))
}

/// The dimensions of an array type that are constants.
fn constant_dims(t: &Type) -> Vec<Option<i64>> {
    match t {
        Type::Array { shape, .. } => shape
            .iter()
            .map(|s| match s {
                runic_sema::types::Size::Const(n) => Some(*n),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The value-format type of a semantic type.
fn value_type(t: &Type) -> ValueType {
    match t {
        Type::Prim(p) => ValueType::Prim { rank: 0, prim: *p },
        Type::Array { elem, shape, .. } => match &**elem {
            Type::Prim(p) => ValueType::Prim {
                rank: shape.len(),
                prim: *p,
            },
            _ => ValueType::Opaque(t.to_string()),
        },
        other => ValueType::Opaque(other.to_string()),
    }
}

/// The value-format type of an entry parameter, from its annotation; a
/// tuple pattern or a tuple annotation makes a tuple of its components.
fn param_type(pat: &SyntaxNode) -> ValueType {
    let mut inner = pat.clone();
    let mut annotation = None;
    loop {
        match inner.kind() {
            PAREN_PAT | ATTR_PAT => match nodes(&inner).find(|c| c.kind().is_pattern()) {
                Some(next) => inner = next,
                None => break,
            },
            TYPED_PAT => {
                annotation = nodes(&inner)
                    .find(|c| !c.kind().is_pattern())
                    .map(strip_type);
                match nodes(&inner).find(|c| c.kind().is_pattern()) {
                    Some(next) => inner = next,
                    None => break,
                }
            }
            _ => break,
        }
    }
    if let Some(ty) = annotation.as_ref().filter(|t| t.kind() == TUPLE_TYPE) {
        return ValueType::Tuple(nodes(ty).map(|t| annotation_type(&t)).collect());
    }
    if inner.kind() == TUPLE_PAT {
        let items: Vec<SyntaxNode> = nodes(&inner).filter(|c| c.kind().is_pattern()).collect();
        if items.len() > 1 {
            return ValueType::Tuple(items.iter().map(param_type).collect());
        }
    }
    let typed = pat.descendants().find(|n| n.kind() == TYPED_PAT);
    let Some(ty) = typed.and_then(|t| nodes(&t).find(|c| !c.kind().is_pattern())) else {
        return ValueType::Opaque("unknown".into());
    };
    annotation_type(&ty)
}

/// The value-format type of a type annotation.
fn annotation_type(ty: &SyntaxNode) -> ValueType {
    let mut rank = 0;
    let mut node = ty.clone();
    loop {
        match node.kind() {
            ARRAY_TYPE => {
                rank += nodes(&node).filter(|c| c.kind() == DIM).count();
                match nodes(&node).find(|c| c.kind() != DIM) {
                    Some(next) => node = next,
                    None => break,
                }
            }
            UNIQUE_TYPE | PAREN_TYPE => match nodes(&node).next() {
                Some(next) => node = next,
                None => break,
            },
            PATH_TYPE => {
                let text = node.text().to_string();
                if let Some(prim) = PrimType::from_name(text.trim()) {
                    return ValueType::Prim { rank, prim };
                }
                break;
            }
            _ => break,
        }
    }
    ValueType::Opaque(ty.text().to_string())
}

/// Adds the slots the checks of a shape read to `out`; false when a check
/// is not simple arithmetic on variables (its reads are not known).
fn shape_slots(shape: &Shape, out: &mut Vec<u32>) -> bool {
    match shape {
        Shape::Array(dims, elem) => {
            dims.iter().all(|d| match d {
                Dim::Check(e) => expr_slots(e, out),
                Dim::Bind(_) | Dim::Any => true,
            }) && shape_slots(elem, out)
        }
        Shape::Tuple(items) => items.iter().all(|s| shape_slots(s, out)),
        Shape::Record(fields) => fields.iter().all(|(_, s)| shape_slots(s, out)),
        Shape::Acc(inner) => shape_slots(inner, out),
        Shape::Other => true,
    }
}

fn expr_slots(e: &Expr, out: &mut Vec<u32>) -> bool {
    match e {
        Expr::Local(slot) | Expr::Move(slot) => {
            out.push(*slot);
            true
        }
        Expr::Const(_) => true,
        Expr::BinOp(_, a, b, _) => expr_slots(a, out) && expr_slots(b, out),
        Expr::Neg(a) | Expr::Convert(a, _) => expr_slots(a, out),
        _ => false,
    }
}
