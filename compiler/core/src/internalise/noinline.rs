//! `#[noinline]`: a function declared so, or a call marked so, stays a
//! call ([`Exp::Apply`]) of a core function compiled once per function
//! and argument types, as Futhark keeps it. Unlike a recursive function
//! (`recursion.rs`), its body is compiled before any call is made, so
//! its result's structure and types are known: a result size that is a
//! parameter's size is the argument's size at the call; other sizes are
//! existential.
//!
//! Calls with function-valued arguments (or arguments of sum types), and
//! calls under automatic differentiation, are inlined as any other.

use std::rc::Rc;

use runic_eval::ir::{Expr, FuncDef, Loc as SrcLoc};
use runic_eval::lower::GlobalDef;

use super::{Frame, Fun, Internaliser, SVal, R};
use crate::ir::*;

/// A `#[noinline]` function compiled to a core function.
pub(crate) struct NoInlineFun {
    global: u32,
    /// The arguments' structure and leaf types.
    args: Vec<SVal>,
    name: Rc<str>,
    /// The result's structure, its leaves the core function's results.
    result: SVal,
    /// The core function's parameters, in operand order.
    params: Vec<VarId>,
}

impl Internaliser<'_> {
    /// `#[noinline] e`: when `e` calls a global function with all its
    /// arguments, the call stays a call.
    pub(crate) fn noinline_exp(&mut self, inner: &Expr, frame: &mut Frame) -> R<SVal> {
        let (g, args, loc) = match inner {
            Expr::CallGlobal(g, args, sizes, loc) if sizes.is_empty() => {
                let args = args
                    .iter()
                    .map(|a| self.exp(a, frame))
                    .collect::<R<Vec<_>>>()?;
                (*g, args, loc)
            }
            Expr::Apply(f, args, loc) => {
                let f = self.exp(f, frame)?;
                let args = args
                    .iter()
                    .map(|a| self.exp(a, frame))
                    .collect::<R<Vec<_>>>()?;
                match &f {
                    SVal::Fun(fun, given) if matches!(**fun, Fun::Global(_)) => {
                        let Fun::Global(g) = **fun else {
                            unreachable!("matched above")
                        };
                        let mut all = given.to_vec();
                        all.extend(args);
                        (g, all, loc)
                    }
                    _ => return self.apply(f, args, Some(loc)),
                }
            }
            _ => return self.exp(inner, frame),
        };
        let def = match self.src.globals.get(g as usize) {
            Some(GlobalDef::Func(def)) if def.params.len() == args.len() => def.clone(),
            _ => {
                let f = self.global(g, Some(loc))?;
                return self.apply(f, args, Some(loc));
            }
        };
        match self.noinline_call(g, &def, &args, Some(loc))? {
            Some(v) => Ok(v),
            None => {
                self.inlining.push(g);
                let r = self.inline(&def, &[], args, Vec::new(), Some(loc));
                self.inlining.pop();
                r
            }
        }
    }

    /// A call of global `g` kept as a call, when its arguments allow it
    /// (`None`: inline it).
    pub(crate) fn noinline_call(
        &mut self,
        g: u32,
        def: &FuncDef,
        args: &[SVal],
        loc: Option<&SrcLoc>,
    ) -> R<Option<SVal>> {
        if self.ad_depth > 0 || !self.accs.is_empty() || self.inlining.contains(&g) {
            return Ok(None);
        }
        let mut layouts = Vec::new();
        for a in args {
            if matches!(a, SVal::Fun(..) | SVal::Sum(..)) || self.leaf_types(a).is_none() {
                return Ok(None);
            }
            match self.layout(a) {
                Ok(l) => layouts.push(l),
                Err(_) => return Ok(None),
            }
        }
        let known = self.noinline.iter().position(|f| {
            f.global == g
                && f.args.len() == args.len()
                && f.args.iter().zip(args).all(|(a, b)| self.same_arg(a, b))
        });
        let index = match known {
            Some(i) => i,
            None => match self.compile_noinline(g, def, args, &layouts, loc)? {
                Some(i) => i,
                None => return Ok(None),
            },
        };
        let operands = self.call_operands(args);
        let f = &self.noinline[index];
        let (name, template, params) = (f.name.clone(), f.result.clone(), f.params.clone());
        let mut leaves = Vec::new();
        template.leaves(&mut leaves);
        let mut ctx = Vec::new();
        let mut vals = Vec::new();
        for l in leaves {
            let t = self.ty(l);
            let dims = t
                .dims
                .iter()
                .map(|d| match d {
                    SubExp::Const(_) => *d,
                    SubExp::Var(v) => match params.iter().position(|p| p == v) {
                        Some(i) => operands[i],
                        None => {
                            let d = self.var("d", Type::scalar(runic_sema::types::PrimType::I64));
                            ctx.push(d);
                            SubExp::Var(d)
                        }
                    },
                })
                .collect();
            vals.push(self.var("r", Type::array(t.prim, dims)));
        }
        Ok(Some(
            self.bind_call(name, operands, ctx, vals, &template, loc),
        ))
    }

    /// Compiles the body of `def` for arguments like `args` to a core
    /// function: its index in `self.noinline`, or `None` when its result
    /// cannot be a core function's (a function, a sum).
    fn compile_noinline(
        &mut self,
        g: u32,
        def: &FuncDef,
        args: &[SVal],
        layouts: &[super::Layout],
        loc: Option<&SrcLoc>,
    ) -> R<Option<usize>> {
        let saved = std::mem::replace(&mut self.bodies, vec![Vec::new()]);
        let saved_unchecked = std::mem::replace(&mut self.unchecked, false);
        // A function compiled once is not under its caller's attributes.
        let saved_attrs = std::mem::take(&mut self.attrs);
        let mut params = Vec::new();
        let given: Vec<SVal> = layouts.iter().map(|l| self.param(l, &mut params)).collect();
        self.inlining.push(g);
        let v = self.inline(def, &[], given, Vec::new(), loc);
        self.inlining.pop();
        self.unchecked = saved_unchecked;
        self.attrs = saved_attrs;
        let stms = std::mem::replace(&mut self.bodies, saved)
            .pop()
            .unwrap_or_default();
        let v = v?;
        let mut leaves = Vec::new();
        if matches!(v, SVal::Sum(..)) || !v.leaves(&mut leaves) {
            return Ok(None);
        }
        let ret = leaves.iter().map(|l| self.ty(*l)).collect();
        let name: Rc<str> = Rc::from(format!("{}_{}", def.name, self.prog.funs.len()));
        self.prog.funs.push(FunDef {
            name: name.clone(),
            entry: false,
            params: params.clone(),
            ret,
            body: Body {
                stms,
                result: leaves,
            },
            noinline: true,
        });
        self.noinline.push(NoInlineFun {
            global: g,
            args: args.to_vec(),
            name,
            result: v,
            params,
        });
        Ok(Some(self.noinline.len() - 1))
    }
}
