//! Unification of types and sizes with union-find-style bindings, and the
//! constraints type variables carry (overloaded numeric literals and
//! operators, record fields and constructors known before the type is).

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::types::{PrimType, Size, SizeVar, TyVar, Type, TypeArg};

/// What is known about an unbound type variable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constraint {
    None,
    /// One of these primitive types; `default` is picked if nothing else decides.
    OneOf {
        prims: Vec<PrimType>,
        default: Option<PrimType>,
    },
    /// A type with equality (no functions).
    Equality,
    /// Anything but a function: the instance of an unlifted type parameter
    /// (`'a`, `'~a`), named for messages.
    Unlifted(String),
    /// A record with at least these fields.
    HasFields(BTreeMap<String, Type>),
    /// A sum type with at least these constructors.
    HasConstructors(BTreeMap<String, Vec<Type>>),
}

#[derive(Debug, Clone)]
struct VarInfo {
    binding: Option<Type>,
    constraint: Constraint,
    /// How many variables are bound (directly or not) to this one, itself
    /// included: unification binds the smaller class to the larger, so
    /// chains of bindings stay logarithmic.
    class_size: u32,
    /// The oldest variable bound (directly or not) to this one, itself
    /// included.
    oldest: u32,
}

/// Why two types could not be unified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    Types(Type, Type),
    Sizes(Size, Size),
    /// The variable's constraint rejects the type: the type, what was
    /// wanted, and why the variable was constrained (e.g. `use of "+"`).
    Constraint(Type, String, Option<String>),
    /// Occurs check: a type would contain itself.
    Infinite,
    /// Function parameters that differ in consuming their argument
    /// (expected, actual).
    Consumption(Type, Type),
    /// A conflict between what is known of a type (its fields, its
    /// constructors, its possible primitive types), fully worded.
    Detail(String),
    /// A type parameter that may not stand for a function (named, e.g.
    /// `b`) would be instantiated with a type naming the size parameter of
    /// a function argument (`(n: i64) -> [n]i64` for `a -> b`): the size
    /// has no meaning outside that function.
    AnonymousSizes(String, Type),
}

/// Inference state: the bindings of all type and size variables.
#[derive(Debug, Default, Clone)]
pub struct Unifier {
    vars: Vec<VarInfo>,
    sizes: Vec<Option<Size>>,
    /// Why a variable is constrained, for messages.
    reasons: rustc_hash::FxHashMap<TyVar, String>,
    /// Size variables that stand for a size only known at run time (of a
    /// slice, a range, an argument that is no size expression): they
    /// determine any size they are unified with, which inference alone
    /// would leave ambiguous.
    unknown_sizes: std::collections::BTreeSet<SizeVar>,
    /// Every variable that got a constraint requiring fields or
    /// constructors (some since bound): where [`Self::member_constrained`]
    /// looks, instead of among all variables.
    member_vars: Vec<TyVar>,
}

impl Unifier {
    pub fn fresh(&mut self) -> Type {
        self.fresh_with(Constraint::None)
    }

    pub fn fresh_with(&mut self, constraint: Constraint) -> Type {
        let var = TyVar(self.vars.len() as u32);
        if is_member_constraint(&constraint) {
            self.member_vars.push(var);
        }
        self.vars.push(VarInfo {
            binding: None,
            constraint,
            class_size: 1,
            oldest: var.0,
        });
        Type::Var(var)
    }

    pub fn fresh_size(&mut self) -> Size {
        self.sizes.push(None);
        Size::Var(SizeVar(self.sizes.len() as u32 - 1))
    }

    /// A size computed at run time that no size expression names (see
    /// `unknown_sizes`).
    pub fn fresh_unknown_size(&mut self) -> Size {
        let size = self.fresh_size();
        if let Size::Var(v) = size {
            self.unknown_sizes.insert(v);
        }
        size
    }

    /// How many type variables exist (each new one gets the next number).
    pub fn type_var_count(&self) -> u32 {
        self.vars.len() as u32
    }

    /// Whether `var` was made by [`Self::fresh_unknown_size`].
    pub fn is_unknown_size(&self, var: SizeVar) -> bool {
        self.unknown_sizes.contains(&var)
    }

    /// How many size variables exist (each new one gets the next number).
    pub fn size_var_count(&self) -> u32 {
        self.sizes.len() as u32
    }

    /// The unbound size variables that nothing determines: each stands for
    /// a class of variables unified with each other, none of them bound to
    /// a size and none a run-time unknown. Keyed by the class's variable.
    pub fn undetermined_sizes(&self) -> std::collections::BTreeSet<SizeVar> {
        let mut roots = std::collections::BTreeSet::new();
        let mut witnessed = std::collections::BTreeSet::new();
        for index in 0..self.size_var_count() {
            let var = SizeVar(index);
            if let Size::Var(root) = self.resolve_size(&Size::Var(var)) {
                roots.insert(root);
                if self.unknown_sizes.contains(&var) {
                    witnessed.insert(root);
                }
            }
        }
        roots.difference(&witnessed).copied().collect()
    }

    /// Like [`Self::fresh_numeric`], remembering why (`use of "+"`).
    pub fn fresh_numeric_because(
        &mut self,
        prims: Vec<PrimType>,
        default: Option<PrimType>,
        reason: String,
    ) -> Type {
        let ty = self.fresh_numeric(prims, default);
        if let Type::Var(v) = ty {
            self.reasons.insert(v, reason);
        }
        ty
    }

    /// A fresh variable standing for any numeric type, defaulting to `default`.
    pub fn fresh_numeric(&mut self, prims: Vec<PrimType>, default: Option<PrimType>) -> Type {
        self.fresh_with(Constraint::OneOf { prims, default })
    }

    /// The types an unsolved variable's constraint already requires of it:
    /// the fields a projection or the payloads a constructor named.
    pub fn required_member_types(&self, var: TyVar) -> Vec<&Type> {
        match self.constraint(var) {
            Constraint::HasFields(fields) => fields.values().collect(),
            Constraint::HasConstructors(cases) => cases.values().flatten().collect(),
            _ => Vec::new(),
        }
    }

    /// The unbound variables whose constraint requires fields or
    /// constructors, each with the oldest variable unified with it, in the
    /// order of those.
    pub fn member_constrained(&self) -> Vec<(u32, TyVar)> {
        let mut roots: Vec<(u32, TyVar)> = self
            .member_vars
            .iter()
            .filter_map(|v| match self.shallow_ref(&Type::Var(*v)) {
                Type::Var(root) if is_member_constraint(self.constraint(*root)) => {
                    Some((self.vars.get(root.0 as usize)?.oldest, *root))
                }
                _ => None,
            })
            .collect();
        roots.sort_unstable();
        roots.dedup();
        roots
    }

    pub fn constraint(&self, var: TyVar) -> &Constraint {
        self.vars
            .get(var.0 as usize)
            .map_or(&Constraint::None, |info| &info.constraint)
    }

    fn bind_size(&mut self, var: SizeVar, size: Size) {
        let index = var.0 as usize;
        if index >= self.sizes.len() {
            self.sizes.resize(index + 1, None);
        }
        self.sizes[index] = Some(size);
    }

    /// The variable's state; a variable of another unifier (which a bug
    /// could let escape its definition) reads as fresh instead of panicking.
    fn var_mut(&mut self, var: TyVar) -> &mut VarInfo {
        let index = var.0 as usize;
        if index >= self.vars.len() {
            let first = self.vars.len() as u32;
            self.vars.extend((first..=var.0).map(|oldest| VarInfo {
                binding: None,
                constraint: Constraint::None,
                class_size: 1,
                oldest,
            }));
        }
        &mut self.vars[index]
    }

    fn class_size(&self, var: TyVar) -> u32 {
        self.vars
            .get(var.0 as usize)
            .map_or(1, |info| info.class_size)
    }

    /// Follows bindings at the top of `ty`.
    pub fn shallow(&self, ty: &Type) -> Type {
        self.shallow_ref(ty).clone()
    }

    /// Follows bindings at the top of `ty`, without copying anything.
    pub fn shallow_ref<'a>(&'a self, mut ty: &'a Type) -> &'a Type {
        while let Type::Var(v) = ty {
            match self.vars.get(v.0 as usize).and_then(|i| i.binding.as_ref()) {
                Some(bound) => ty = bound,
                None => break,
            }
        }
        ty
    }

    /// `ty` with the bindings at its top followed: borrowed when it is no
    /// variable, so callers that go on to change the unifier copy only
    /// what a variable stands for.
    fn shallow_cow<'t>(&self, ty: &'t Type) -> Cow<'t, Type> {
        match ty {
            Type::Var(_) => Cow::Owned(self.shallow(ty)),
            _ => Cow::Borrowed(ty),
        }
    }

    pub fn resolve_size(&self, size: &Size) -> Size {
        let mut size = size.clone();
        while let Size::Var(v) = size {
            match self.sizes.get(v.0 as usize).and_then(Option::as_ref) {
                Some(bound) => size = bound.clone(),
                None => return Size::Var(v),
            }
        }
        match size {
            Size::Op(op, a, b) => Size::Op(
                op,
                Box::new(self.resolve_size(&a)),
                Box::new(self.resolve_size(&b)),
            ),
            other => other,
        }
    }

    /// Calls `f` on each unbound type variable of `ty` with its bindings
    /// followed, as in [`Unifier::resolve`]'s result, without building it.
    pub fn for_each_free_var(&self, ty: &Type, f: &mut dyn FnMut(TyVar)) {
        let ty = self.shallow_ref(ty);
        if let Type::Var(v) = ty {
            f(*v);
        }
        ty.for_each_component(&mut |component| self.for_each_free_var(component, f));
    }

    /// Substitutes every bound variable in `ty`.
    pub fn resolve(&self, ty: &Type) -> Type {
        self.shallow_ref(ty)
            .rebuild(&mut |t| self.resolve(t), &mut |s| self.resolve_size(s))
    }

    /// `ty` resolved for messages: an overloaded literal's variable shows as
    /// its default type.
    /// Unknown sizes get names (`d₃`) as Futhark shows them, and the
    /// uniqueness of the value itself is not shown.
    pub fn display(&self, ty: &Type) -> Type {
        let resolved = self.resolve(ty);
        let shown = substitute_size(&self.show_defaults(&resolved), &|s| {
            show_unknown_size(s).map(Size::Named)
        });
        shown.with_uniqueness(false)
    }

    fn show_defaults(&self, ty: &Type) -> Type {
        match ty {
            Type::Var(v) => match self.constraint(*v) {
                Constraint::OneOf {
                    default: Some(d), ..
                } => Type::Prim(*d),
                _ => ty.clone(),
            },
            other => other.rebuild(&mut |t| self.show_defaults(t), &mut |s| s.clone()),
        }
    }

    /// Makes `a` and `b` the same type, or says why they cannot be.
    pub fn unify(&mut self, a: &Type, b: &Type) -> Result<(), Mismatch> {
        let (a, b) = (self.shallow_cow(a), self.shallow_cow(b));
        let (a, b) = (&*a, &*b);
        match (a, b) {
            (Type::Var(x), Type::Var(y)) if x == y => Ok(()),
            // The smaller class is bound to the larger (ties: the younger
            // variable to the older), so every chain of bindings is
            // logarithmic: array literals, `else if` chains and the like,
            // which unify many variables with one, check in linear time.
            (Type::Var(x), Type::Var(y))
                if self.class_size(*x) > self.class_size(*y)
                    || (self.class_size(*x) == self.class_size(*y) && x.0 < y.0) =>
            {
                self.bind(*y, a)
            }
            (Type::Var(x), _) => self.bind(*x, b),
            (_, Type::Var(y)) => self.bind(*y, a),
            (Type::Prim(p), Type::Prim(q)) if p == q => Ok(()),
            (
                Type::Array {
                    elem: ea,
                    shape: sa,
                    ..
                },
                Type::Array {
                    elem: eb,
                    shape: sb,
                    ..
                },
            ) => self.unify_arrays(ea, sa, eb, sb, a, b),
            (Type::Record(fa), Type::Record(fb)) => {
                if fa.len() != fb.len() || fa.keys().ne(fb.keys()) {
                    return Err(Mismatch::Types(self.resolve(a), self.resolve(b)));
                }
                for (k, ta) in fa {
                    self.unify(ta, &fb[k]).map_err(|e| self.widen(e, a, b))?;
                }
                Ok(())
            }
            (Type::Sum(ca), Type::Sum(cb)) => {
                if ca.keys().ne(cb.keys()) {
                    return Err(Mismatch::Types(self.resolve(a), self.resolve(b)));
                }
                for (k, pa) in ca {
                    let pb = &cb[k];
                    if pa.len() != pb.len() {
                        return Err(Mismatch::Types(self.resolve(a), self.resolve(b)));
                    }
                    for (x, y) in pa.iter().zip(pb) {
                        self.unify(x, y).map_err(|e| self.widen(e, a, b))?;
                    }
                }
                Ok(())
            }
            (
                Type::Arrow {
                    param: pa,
                    ret: ra,
                    param_name: na,
                    ..
                },
                Type::Arrow {
                    param: pb,
                    ret: rb,
                    param_name: nb,
                    ..
                },
            ) => {
                // A function that consumes its argument cannot stand where
                // one that does not is expected (`a` is the expected side).
                if self.resolve(pb).is_unique() && !self.resolve(pa).is_unique() {
                    return Err(Mismatch::Consumption(self.resolve(pa), self.resolve(pb)));
                }
                self.unify(pa, pb).map_err(|e| self.widen(e, a, b))?;
                let rb = match (na, nb) {
                    (Some(x), Some(y)) if x != y => rename_size(rb, y, x),
                    _ => (**rb).clone(),
                };
                // The unlifted type parameters of the side whose parameter
                // is not named, which must not come to name the other's.
                let named = match (na, nb) {
                    (Some(x), None) => Some((x.clone(), self.unlifted_vars_in(&rb))),
                    (None, Some(y)) => Some((y.clone(), self.unlifted_vars_in(ra))),
                    _ => None,
                };
                self.unify(ra, &rb).map_err(|e| self.widen(e, a, b))?;
                match named {
                    Some((size, vars)) => self.check_param_size_stays(&size, &vars),
                    None => Ok(()),
                }
            }
            (
                Type::Named {
                    name: x, args: xa, ..
                },
                Type::Named {
                    name: y, args: ya, ..
                },
            ) if x == y && xa.len() == ya.len() => {
                for (p, q) in xa.iter().zip(ya) {
                    match (p, q) {
                        (TypeArg::Type(p), TypeArg::Type(q)) => self.unify(p, q)?,
                        (TypeArg::Size(p), TypeArg::Size(q)) => self.unify_size(p, q)?,
                        _ => return Err(Mismatch::Types(a.clone(), b.clone())),
                    }
                }
                Ok(())
            }
            _ => Err(Mismatch::Types(self.resolve(a), self.resolve(b))),
        }
    }

    /// Turns a mismatch deep inside two types into one about the whole types,
    /// except size mismatches, which are clearer on their own.
    fn widen(&self, inner: Mismatch, a: &Type, b: &Type) -> Mismatch {
        match inner {
            Mismatch::Types(..) => Mismatch::Types(self.resolve(a), self.resolve(b)),
            other => other,
        }
    }

    fn unify_arrays(
        &mut self,
        ea: &Type,
        sa: &[Size],
        eb: &Type,
        sb: &[Size],
        a: &Type,
        b: &Type,
    ) -> Result<(), Mismatch> {
        let n = sa.len().min(sb.len());
        for (x, y) in sa[..n].iter().zip(&sb[..n]) {
            self.unify_size(x, y)?;
        }
        // Different ranks: the element of the shallower array must be an array.
        let rest_a = Type::array_of(ea.clone(), sa[n..].to_vec(), false);
        let rest_b = Type::array_of(eb.clone(), sb[n..].to_vec(), false);
        self.unify(&rest_a, &rest_b)
            .map_err(|e| self.widen(e, a, b))
    }

    pub fn unify_size(&mut self, a: &Size, b: &Size) -> Result<(), Mismatch> {
        let (a, b) = (self.resolve_size(a), self.resolve_size(b));
        match (&a, &b) {
            _ if a == b => Ok(()),
            (Size::Op(x, a1, b1), Size::Op(y, a2, b2)) if x == y => self
                .unify_size(a1, a2)
                .and_then(|()| self.unify_size(b1, b2))
                .map_err(|_| Mismatch::Sizes(a.clone(), b.clone())),
            (Size::Var(v), _) if !size_mentions(&b, *v) => {
                self.bind_size(*v, b.clone());
                Ok(())
            }
            (_, Size::Var(v)) if !size_mentions(&a, *v) => {
                self.bind_size(*v, a.clone());
                Ok(())
            }
            // A size to infer that would have to contain itself (`d` and
            // `d + d`): Futhark's occurs check.
            (Size::Var(_), _) | (_, Size::Var(_)) => Err(Mismatch::Infinite),
            _ => Err(Mismatch::Sizes(a, b)),
        }
    }

    fn occurs(&self, var: TyVar, ty: &Type) -> bool {
        match self.shallow_ref(ty) {
            Type::Var(v) => *v == var,
            Type::Array { elem, .. } => self.occurs(var, elem),
            Type::Record(fields) => fields.values().any(|t| self.occurs(var, t)),
            Type::Sum(cs) => cs.values().flatten().any(|t| self.occurs(var, t)),
            Type::Arrow { param, ret, .. } => self.occurs(var, param) || self.occurs(var, ret),
            Type::Named { args, .. } => args
                .iter()
                .any(|a| matches!(a, TypeArg::Type(t) if self.occurs(var, t))),
            Type::Prim(_) => false,
        }
    }

    /// The unbound type variables of `ty` that stand for unlifted type
    /// parameters, with the parameters' names.
    fn unlifted_vars_in(&self, ty: &Type) -> Vec<(TyVar, String)> {
        let mut found = Vec::new();
        let resolved = self.resolve(ty);
        collect_type_vars(&resolved, &mut |v| {
            if let Constraint::Unlifted(name) = self.constraint(v) {
                if !found.iter().any(|(w, _)| *w == v) {
                    found.push((v, name.clone()));
                }
            }
        });
        found
    }

    /// Fails if one of `vars` was instantiated with a type naming `size`.
    fn check_param_size_stays(&self, size: &str, vars: &[(TyVar, String)]) -> Result<(), Mismatch> {
        let named = Size::Named(size.to_string());
        for (var, name) in vars {
            let ty = self.resolve(&Type::Var(*var));
            let mentions = ty.any(&|t| match t {
                Type::Array { shape, .. } => shape.iter().any(|s| size_names(s, &named)),
                Type::Named { args, .. } => args
                    .iter()
                    .any(|a| matches!(a, TypeArg::Size(s) if size_names(s, &named))),
                _ => false,
            });
            if mentions {
                return Err(Mismatch::AnonymousSizes(name.clone(), ty));
            }
        }
        Ok(())
    }

    fn bind(&mut self, var: TyVar, ty: &Type) -> Result<(), Mismatch> {
        // Uniqueness belongs to parameter and result positions, not to the
        // values a type variable stands for.
        let owned = ty.clone().with_uniqueness(false);
        let ty = &owned;
        if self.occurs(var, ty) {
            return Err(Mismatch::Infinite);
        }
        let constraint = std::mem::replace(&mut self.var_mut(var).constraint, Constraint::None);
        let joined = match ty {
            Type::Var(root) => Some((*root, self.class_size(var))),
            _ => None,
        };
        let oldest = self.var_mut(var).oldest;
        let root_oldest = joined.map(|(root, _)| self.var_mut(root).oldest);
        if let Some((root, size)) = joined {
            let info = self.var_mut(root);
            info.class_size += size;
            info.oldest = info.oldest.min(oldest);
        }
        let reason = self.reasons.get(&var).cloned();
        if matches!(constraint, Constraint::None) {
            // Nothing to satisfy (the common case): the binding stands, and
            // takes the type without another copy.
            if let (Some(reason), Type::Var(other)) = (reason, self.shallow_ref(ty)) {
                let other = *other;
                self.reasons.entry(other).or_insert(reason);
            }
            self.var_mut(var).binding = Some(owned);
            return Ok(());
        }
        self.var_mut(var).binding = Some(ty.clone());
        let result = self.satisfy(&constraint, ty).map_err(|e| match e {
            Mismatch::Constraint(t, wanted, None) => {
                Mismatch::Constraint(t, wanted, reason.clone())
            }
            other => other,
        });
        if let (Ok(()), Some(reason)) = (&result, reason) {
            if let Type::Var(other) = self.shallow_ref(ty) {
                // The constraint moved to `other`: so does why it was imposed.
                let other = *other;
                self.reasons.entry(other).or_insert(reason);
            }
        }
        if result.is_err() {
            // Undo so later errors still see the variable as it was.
            let info = self.var_mut(var);
            info.binding = None;
            info.constraint = constraint;
            if let (Some((root, size)), Some(oldest)) = (joined, root_oldest) {
                let info = self.var_mut(root);
                info.class_size -= size;
                info.oldest = oldest;
            }
        }
        result
    }

    /// Checks (and propagates) a constraint onto the type a variable got.
    fn satisfy(&mut self, constraint: &Constraint, ty: &Type) -> Result<(), Mismatch> {
        if matches!(constraint, Constraint::None) {
            return Ok(());
        }
        match (constraint, self.shallow_cow(ty).into_owned()) {
            (Constraint::None, _) => Ok(()),
            (c, Type::Var(other)) => self.merge_constraint(other, c.clone()),
            (Constraint::OneOf { prims, .. }, Type::Prim(p)) if prims.contains(&p) => Ok(()),
            (Constraint::OneOf { prims, .. }, t) => Err(Mismatch::Constraint(
                self.resolve(&t),
                describe_prims(prims),
                None,
            )),
            (Constraint::Unlifted(_), t) if !self.resolve(&t).is_functional() => Ok(()),
            (Constraint::Unlifted(param), t) => Err(Mismatch::Constraint(
                self.resolve(&t),
                format!("unlifted {param}"),
                None,
            )),
            (Constraint::Equality, t) if !self.resolve(&t).is_functional() => Ok(()),
            (Constraint::Equality, t) => Err(Mismatch::Constraint(
                self.resolve(&t),
                "a type with equality".into(),
                None,
            )),
            (Constraint::HasFields(wanted), Type::Record(fields)) => {
                for (name, field_ty) in wanted {
                    let Some(actual) = fields.get(name) else {
                        let mut missing: Vec<&str> = wanted
                            .keys()
                            .filter(|k| !fields.contains_key(*k))
                            .map(|k| k.as_str())
                            .collect();
                        missing.sort_unstable();
                        return Err(Mismatch::Detail(format!(
                            "Cannot unify record type with fields\n  {}\nwith record type\n  {}\nUnshared fields: {}.",
                            self.display(&Type::Record(wanted.clone())),
                            self.display(&Type::Record(fields.clone())),
                            missing.join(", ")
                        )));
                    };
                    self.unify(field_ty, actual)?;
                }
                Ok(())
            }
            (Constraint::HasConstructors(wanted), Type::Sum(cs)) => {
                for (name, payload) in wanted {
                    match cs.get(name) {
                        Some(actual) if actual.len() == payload.len() => {
                            for (x, y) in payload.iter().zip(actual) {
                                self.unify(x, y)?;
                            }
                        }
                        Some(actual) => {
                            let one = |p: &Vec<Type>| {
                                self.display(&Type::Sum(BTreeMap::from([(
                                    name.clone(),
                                    p.clone(),
                                )])))
                            };
                            return Err(Mismatch::Detail(format!(
                                "Cannot unify constructor \"{name}\": the types of constructor\n  {}\nand\n  {}\ndiffer in arity.",
                                one(payload),
                                one(actual)
                            )));
                        }
                        _ => {
                            return Err(Mismatch::Types(
                                self.resolve(ty),
                                Type::Sum(wanted.clone()),
                            ))
                        }
                    }
                }
                Ok(())
            }
            (Constraint::HasFields(fields), t) => Err(Mismatch::Detail(format!(
                "Cannot unify record type with fields\n  {}\nwith type\n  {}",
                self.display(&Type::Record(fields.clone())),
                self.display(&t)
            ))),
            (Constraint::HasConstructors(constructors), t) => Err(Mismatch::Detail(format!(
                "Cannot unify type with constructors\n  {}\nwith type\n  {}",
                self.display(&Type::Sum(constructors.clone())),
                self.display(&t)
            ))),
        }
    }

    /// Adds `new` to the constraint of the unbound variable `var`.
    fn merge_constraint(&mut self, var: TyVar, new: Constraint) -> Result<(), Mismatch> {
        let old = self.constraint(var).clone();
        let merged = match (old, new) {
            (Constraint::None, c) | (c, Constraint::None) => c,
            (
                Constraint::OneOf {
                    prims: a,
                    default: da,
                },
                Constraint::OneOf {
                    prims: b,
                    default: db,
                },
            ) => {
                let prims: Vec<PrimType> = a.iter().copied().filter(|p| b.contains(p)).collect();
                if prims.is_empty() {
                    return Err(Mismatch::Constraint(
                        Type::Var(var),
                        format!(
                            "constrained to {} but also {}",
                            describe_prims(&b),
                            describe_prims(&a)
                        ),
                        self.reasons.get(&var).cloned(),
                    ));
                }
                let default = da
                    .filter(|d| prims.contains(d))
                    .or(db.filter(|d| prims.contains(d)));
                Constraint::OneOf { prims, default }
            }
            (c @ Constraint::OneOf { .. }, Constraint::Equality)
            | (Constraint::Equality, c @ Constraint::OneOf { .. }) => c,
            (Constraint::HasFields(mut a), Constraint::HasFields(b)) => {
                for (name, ty) in b {
                    match a.get(&name) {
                        Some(existing) => {
                            let existing = existing.clone();
                            self.unify(&existing, &ty)?;
                        }
                        None => {
                            a.insert(name, ty);
                        }
                    }
                }
                Constraint::HasFields(a)
            }
            (Constraint::HasConstructors(mut a), Constraint::HasConstructors(b)) => {
                for (name, payload) in b {
                    match a.get(&name) {
                        Some(existing) if existing.len() == payload.len() => {
                            for (x, y) in existing.clone().iter().zip(&payload) {
                                self.unify(x, y)?;
                            }
                        }
                        Some(_) => return Err(Mismatch::Types(Type::Var(var), Type::Sum(a))),
                        None => {
                            a.insert(name, payload);
                        }
                    }
                }
                Constraint::HasConstructors(a)
            }
            (
                c @ (Constraint::HasFields(_) | Constraint::HasConstructors(_)),
                Constraint::Equality,
            )
            | (
                Constraint::Equality,
                c @ (Constraint::HasFields(_) | Constraint::HasConstructors(_)),
            ) => c,
            (Constraint::Equality, Constraint::Equality) => Constraint::Equality,
            // Every other constraint already excludes functions, or (records,
            // sums) is checked against the type when it is known.
            (Constraint::Unlifted(_), other) | (other, Constraint::Unlifted(_)) => other,
            (a, b) => return Err(self.conflict(var, &a, &b)),
        };
        if is_member_constraint(&merged) && !is_member_constraint(self.constraint(var)) {
            self.member_vars.push(var);
        }
        self.var_mut(var).constraint = merged;
        Ok(())
    }

    /// Binds every numeric-literal variable still unresolved to its default
    /// type (`i32` for integers, `f64` for decimals), as Futhark does.
    pub fn apply_defaults(&mut self) {
        for i in 0..self.vars.len() {
            if self.vars[i].binding.is_some() {
                continue;
            }
            if let Constraint::OneOf {
                default: Some(d), ..
            } = self.vars[i].constraint
            {
                self.vars[i].binding = Some(Type::Prim(d));
            }
        }
    }
}

/// Whether a constraint requires fields or constructors.
fn is_member_constraint(constraint: &Constraint) -> bool {
    matches!(
        constraint,
        Constraint::HasFields(_) | Constraint::HasConstructors(_)
    )
}

/// Calls `f` on every type variable in `ty`.
fn collect_type_vars(ty: &Type, f: &mut dyn FnMut(TyVar)) {
    if let Type::Var(v) = ty {
        f(*v);
    }
    ty.for_each_component(&mut |component| collect_type_vars(component, f));
}

/// Whether `size` is or contains `named`.
fn size_names(size: &Size, named: &Size) -> bool {
    let mut found = false;
    size.visit(&mut |part| found |= part == named);
    found
}

fn size_mentions(size: &Size, var: SizeVar) -> bool {
    let mut found = false;
    size.visit(&mut |s| found |= *s == Size::Var(var));
    found
}

/// Replaces the size name `from` by `to` in `ty`.
pub fn rename_size(ty: &Type, from: &str, to: &str) -> Type {
    substitute_size(ty, &|s| match s {
        Size::Named(n) if n == from => Some(Size::Named(to.to_string())),
        _ => None,
    })
}

/// Applies `f` to every size in `ty`, replacing those it maps.
pub fn substitute_size(ty: &Type, f: &dyn Fn(&Size) -> Option<Size>) -> Type {
    ty.rebuild(&mut |t| substitute_size(t, f), &mut |s| s.map(f))
}

fn describe(c: &Constraint) -> String {
    match c {
        Constraint::None => "any type".into(),
        Constraint::OneOf { prims, .. } => describe_prims(prims),
        Constraint::Equality => "a type with equality".into(),
        Constraint::Unlifted(_) => "a non-functional type".into(),
        Constraint::HasFields(_) => "a record".into(),
        Constraint::HasConstructors(_) => "a sum type".into(),
    }
}

impl Unifier {
    /// Why the variable `var` cannot be constrained both by `a` and `b`
    /// (Futhark's wording where it has one).
    fn conflict(&self, var: TyVar, a: &Constraint, b: &Constraint) -> Mismatch {
        let shown = |c: &Constraint| match c {
            Constraint::HasFields(fields) => {
                format!(
                    "record type\n  {}",
                    self.display(&Type::Record(fields.clone()))
                )
            }
            Constraint::HasConstructors(cs) => {
                format!(
                    "type with constructors\n  {}",
                    self.display(&Type::Sum(cs.clone()))
                )
            }
            _ => String::new(),
        };
        match (a, b) {
            (Constraint::OneOf { prims, .. }, other) | (other, Constraint::OneOf { prims, .. })
                if matches!(
                    other,
                    Constraint::HasFields(_) | Constraint::HasConstructors(_)
                ) =>
            {
                let kind = if matches!(other, Constraint::HasFields(_)) {
                    "a record"
                } else {
                    "a sum type"
                };
                let names: Vec<&str> = prims.iter().map(|p| p.name()).collect();
                Mismatch::Detail(format!(
                    "Cannot unify type that must be one of\n  {}\nwith type that must be {kind}.",
                    names.join(", ")
                ))
            }
            (Constraint::HasFields(_), Constraint::HasConstructors(_))
            | (Constraint::HasConstructors(_), Constraint::HasFields(_)) => {
                Mismatch::Detail(format!("Cannot unify {}\nwith {}", shown(a), shown(b)))
            }
            _ => Mismatch::Constraint(
                Type::Var(var),
                format!("{} and {}", describe(a), describe(b)),
                None,
            ),
        }
    }
}

/// "one of i8, i16, ..." for messages.
pub fn describe_prims(prims: &[PrimType]) -> String {
    let names: Vec<&str> = prims.iter().map(|p| p.name()).collect();
    format!("one of {}", names.join(", "))
}

/// The name messages give an unknown size (`d₃`), as Futhark's do.
pub fn show_unknown_size(size: &Size) -> Option<String> {
    let number = match size {
        Size::Var(v) => v.0.to_string(),
        Size::Named(n) if n.starts_with('?') => {
            let number = n.trim_start_matches('?');
            number
                .split_once('@')
                .map_or(number, |(n, _)| n)
                .to_string()
        }
        _ => return None,
    };
    let subscript: String = number
        .chars()
        .filter_map(|c| c.to_digit(10))
        .filter_map(|d| char::from_u32(0x2080 + d))
        .collect();
    Some(format!("d{subscript}"))
}
