//! Recursive functions. Calls are inlined (monomorphising and
//! defunctionalising at once), which cannot end for a function that calls
//! itself; such a call instead becomes an [`Exp::Apply`] of a core
//! function compiled once per function and argument types (and the
//! function-valued arguments, which must be closed, passed statically).
//!
//! The core function's result type is not written in the elaborated
//! program, so it is found by trying candidates: the structure and types
//! of each argument and of common scalars, keeping the first whose body
//! gives a value of that structure and those types when its recursive
//! calls are assumed to. Array sizes of results are existential.

use std::rc::Rc;

use runic_eval::ir::{FuncDef, Loc as SrcLoc};
use runic_sema::types::PrimType;

use super::{Fun, Internaliser, SVal, R};
use crate::ir::*;

/// A recursive function compiled (or being compiled) to a core function.
pub(crate) struct RecFun {
    global: u32,
    name: Rc<str>,
    /// The arguments' structure and leaf types (function arguments as
    /// given).
    args: Vec<SVal>,
    /// The result's structure and leaf types.
    result: SVal,
}

impl Internaliser<'_> {
    /// The primitive type and rank of each leaf.
    pub(super) fn leaf_types(&self, v: &SVal) -> Option<Vec<(PrimType, usize)>> {
        let mut leaves = Vec::new();
        if !v.leaves(&mut leaves) {
            return None;
        }
        Some(
            leaves
                .iter()
                .map(|l| {
                    let t = self.ty(*l);
                    (t.prim, t.rank())
                })
                .collect(),
        )
    }

    /// Whether two arguments call for the same core function.
    pub(super) fn same_arg(&self, a: &SVal, b: &SVal) -> bool {
        match (a, b) {
            (SVal::Fun(f, x), SVal::Fun(g, y)) => {
                Rc::ptr_eq(f, g)
                    && x.len() == y.len()
                    && x.iter().zip(y.iter()).all(|(a, b)| self.same_arg(a, b))
            }
            (SVal::Fun(..), _) | (_, SVal::Fun(..)) => false,
            _ => Self::same_structure(a, b) && self.leaf_types(a) == self.leaf_types(b),
        }
    }

    /// A call of global `g` while it is being inlined already.
    pub(crate) fn recursive_call(
        &mut self,
        g: u32,
        def: &FuncDef,
        args: Vec<SVal>,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        if self.not_recursive.contains(&g) {
            return self.missing(loc, "recursion this function cannot be compiled with");
        }
        for a in &args {
            if let SVal::Fun(..) = a {
                if !closed(a) {
                    return self.missing(
                        loc,
                        "recursion with a function argument that captures values",
                    );
                }
            } else if self.leaf_types(a).is_none() {
                return self.missing(loc, "recursion with a function inside an argument");
            }
        }
        let known = self.recursive.iter().position(|r| {
            r.global == g
                && r.args.len() == args.len()
                && r.args.iter().zip(&args).all(|(a, b)| self.same_arg(a, b))
        });
        let index = match known {
            Some(i) => i,
            None => self.compile_recursive(g, def, &args, loc)?,
        };
        let (name, template) = (
            self.recursive[index].name.clone(),
            self.recursive[index].result.clone(),
        );
        let operands = self.call_operands(&args);
        // The results, their array sizes existential.
        let mut leaves = Vec::new();
        template.leaves(&mut leaves);
        let mut ctx = Vec::new();
        let mut vals = Vec::new();
        for l in leaves {
            let t = self.ty(l);
            let dims = t
                .dims
                .iter()
                .map(|_| {
                    let d = self.var("d", Type::scalar(PrimType::I64));
                    ctx.push(d);
                    SubExp::Var(d)
                })
                .collect();
            vals.push(self.var("r", Type::array(t.prim, dims)));
        }
        Ok(self.bind_call(name, operands, ctx, vals, &template, loc))
    }

    /// The operands of a call of a compiled function: each argument's
    /// leaves, every array preceded by its sizes (functions take none).
    pub(crate) fn call_operands(&self, args: &[SVal]) -> Vec<SubExp> {
        let mut operands = Vec::new();
        for a in args {
            let mut leaves = Vec::new();
            a.leaves(&mut leaves);
            for l in leaves {
                operands.extend(self.ty(l).dims);
                operands.push(l);
            }
        }
        operands
    }

    /// Binds `ctx` and `vals` to a call of the compiled function `name`;
    /// the results as `template` lays them out.
    pub(crate) fn bind_call(
        &mut self,
        name: Rc<str>,
        operands: Vec<SubExp>,
        ctx: Vec<VarId>,
        vals: Vec<VarId>,
        template: &SVal,
        loc: Option<&SrcLoc>,
    ) -> SVal {
        self.bodies.last_mut().expect("a body").push(Stm {
            pat: Pat {
                ctx,
                vals: vals.clone(),
            },
            exp: Exp::Apply(name, operands),
            loc: loc.map(|l| l.0.clone()),
        });
        template.rebuild(&mut vals.into_iter().map(SubExp::Var))
    }

    /// Compiles a recursive function for arguments like `args`: the index
    /// of its entry in `self.recursive`.
    fn compile_recursive(
        &mut self,
        g: u32,
        def: &FuncDef,
        args: &[SVal],
        loc: Option<&SrcLoc>,
    ) -> R<usize> {
        let mut candidates: Vec<SVal> = Vec::new();
        for a in args {
            if let SVal::Fun(..) = a {
                continue;
            }
            candidates.push(a.clone());
            if let SVal::Tuple(items) = a {
                candidates.extend(items.iter().cloned());
            }
        }
        for prim in [
            PrimType::I64,
            PrimType::I32,
            PrimType::F64,
            PrimType::F32,
            PrimType::Bool,
        ] {
            candidates.push(SVal::Leaf(SubExp::Const(runic_eval::value::Prim::zero(
                prim,
            ))));
        }
        let name: Rc<str> = Rc::from(format!("{}_{}", def.name, self.recursive.len()));
        for result in candidates {
            let index = self.recursive.len();
            self.recursive.push(RecFun {
                global: g,
                name: name.clone(),
                args: args.to_vec(),
                result: result.clone(),
            });
            let first_fun = self.prog.funs.len();
            match self.compile_with(g, def, args, &name, &result, loc) {
                Ok(true) => return Ok(index),
                _ => {
                    self.recursive.truncate(index);
                    self.prog.funs.truncate(first_fun);
                }
            }
        }
        // Not tried again: each attempt inlines the body, where the same
        // call comes back.
        self.not_recursive.insert(g);
        self.missing(
            loc,
            "a recursive function whose result type cannot be inferred",
        )
    }

    /// One attempt: the function's body with parameters for `args`; true
    /// when its result has the structure and types of `result`.
    fn compile_with(
        &mut self,
        g: u32,
        def: &FuncDef,
        args: &[SVal],
        name: &Rc<str>,
        result: &SVal,
        loc: Option<&SrcLoc>,
    ) -> R<bool> {
        let saved = std::mem::replace(&mut self.bodies, vec![Vec::new()]);
        // A function compiled once is not under its caller's attributes.
        let saved_attrs = std::mem::take(&mut self.attrs);
        let mut params = Vec::new();
        let outcome = (|| {
            let mut given = Vec::new();
            for a in args {
                if let SVal::Fun(..) = a {
                    given.push(a.clone());
                    continue;
                }
                let layout = self.layout(a)?;
                given.push(self.param(&layout, &mut params));
            }
            self.inlining.push(g);
            let v = self.inline(def, &[], given, Vec::new(), loc);
            self.inlining.pop();
            v
        })();
        self.attrs = saved_attrs;
        let stms = std::mem::replace(&mut self.bodies, saved)
            .pop()
            .unwrap_or_default();
        let v = outcome?;
        if !Self::same_structure(&v, result) || self.leaf_types(&v) != self.leaf_types(result) {
            return Ok(false);
        }
        let mut leaves = Vec::new();
        v.leaves(&mut leaves);
        let ret = leaves.iter().map(|l| self.ty(*l)).collect();
        self.prog.funs.push(FunDef {
            name: name.clone(),
            entry: false,
            params,
            ret,
            body: Body {
                stms,
                result: leaves,
            },
            noinline: false,
        });
        Ok(true)
    }
}

/// Whether a function value captures no run-time values.
fn closed(v: &SVal) -> bool {
    match v {
        SVal::Fun(f, given) => {
            given.iter().all(closed)
                && match &**f {
                    Fun::Closure(_, captured) => captured.iter().all(closed),
                    Fun::Global(_) | Fun::Builtin(_) => true,
                }
        }
        SVal::Leaf(SubExp::Const(_)) => true,
        SVal::Leaf(_) | SVal::Units(_) => false,
        SVal::Tuple(items) => items.iter().all(closed),
        SVal::Record(fields) => fields.iter().all(|(_, v)| closed(v)),
        SVal::Sum(..) => false,
    }
}
