//! The flat index space of irregular segments, as Futhark's flattening
//! builds it with its `segiota` and `repiota` helper functions: for
//! segment sizes `ns` (`[w]i64`),
//!
//! - the inclusive ends of the segments in the concatenation (`ends`, a
//!   scan of `ns`) and its length `m` (a sum of `ns`), computed by kernels
//!   named `flatsizes`, part of the helper's call;
//! - `segiota ns` (`[m]i64`): the concatenation of `iota n` for each `n`;
//! - `repiota ns` (`[m]i64`): the concatenation of `replicate n i`, the
//!   segment each flat element belongs to;
//!
//! each a [`KernelKind::SegMap`] of a thread per flat element that finds
//! its segment by binary search over `ends` (empty segments included: the
//! segment of element `j` is the first whose end exceeds `j`). The metrics
//! count each as the `Apply` of the helper (`metrics::array_op_name`).
//!
//! Also here: the operator of a segmented scan over such a space
//! ([`flagged`]), whose operands carry a tag saying where segments
//! start.

use runic_core::ir::{Body, Exp, Lambda, LoopForm, Pat, Reduce, Scan, Stm, SubExp, Type, VarId};
use runic_eval::prim::BinOp;
use runic_sema::types::PrimType;

use super::versions::scalar;
use super::Extractor;
use crate::free::Free;
use crate::ir::{HostStm, KernelKind};

/// The flat index space of segments of sizes `ns`.
pub(super) struct Flat {
    /// The number of segments.
    pub w: SubExp,
    /// Their sizes (`[w]i64`) and inclusive ends in the concatenation.
    pub ns: VarId,
    pub ends: VarId,
    /// The number of flat elements (a host scalar).
    pub m: VarId,
}

/// The tag of a flagged-scan operand: the operator's identity, an element
/// continuing its segment, an element (or run) that holds a segment start.
pub(super) const TAG_NONE: i64 = 0;
pub(super) const TAG_CONT: i64 = 1;
pub(super) const TAG_START: i64 = 2;

pub(super) fn i64t() -> Type {
    Type::scalar(PrimType::I64)
}

fn stm(v: VarId, exp: Exp) -> Stm {
    Stm::single(v, exp)
}

fn index(v: VarId, arr: VarId, i: SubExp) -> Stm {
    stm(v, Exp::Index(arr, vec![runic_core::ir::DimIndex::Fix(i)]))
}

/// `if cond then a else b` of scalars, bound to `v`.
pub(super) fn select(v: VarId, cond: SubExp, a: Body, b: Body) -> Stm {
    stm(
        v,
        Exp::If {
            cond,
            then_body: a,
            else_body: b,
        },
    )
}

pub(super) fn just(x: SubExp) -> Body {
    Body {
        stms: Vec::new(),
        result: vec![x],
    }
}

impl Extractor {
    /// The scan and sum of the sizes `ns` of `w` segments.
    pub(super) fn flat_space(&mut self, w: SubExp, ns: VarId, out: &mut Vec<HostStm>) -> Flat {
        let ends = self.new_var("seg_ends", Type::array(PrimType::I64, vec![w]));
        let m = self.new_var("flat_size", i64t());
        let add = self.add_lambda(PrimType::I64);
        let inputs = self.op_inputs(&[ns], &add, &[], w);
        let scan = self.add_kernel(
            "flatsizes",
            inputs.clone(),
            KernelKind::SegScan {
                w,
                segs: None,
                arrs: vec![ns],
                scan: Scan {
                    lambda: add.clone(),
                    neutral: vec![SubExp::i64(0)],
                },
            },
        );
        let plus = self.add_lambda(PrimType::I64);
        let sum = self.add_kernel(
            "flatsizes",
            inputs,
            KernelKind::SegRed {
                w,
                segs: None,
                arrs: vec![ns],
                map: None,
                red: Reduce {
                    commutative: true,
                    lambda: plus,
                    neutral: vec![SubExp::i64(0)],
                },
            },
        );
        out.push(HostStm::Alloc(ends));
        out.push(launch(scan, vec![ends]));
        out.push(launch(sum, vec![m]));
        Flat { w, ns, ends, m }
    }

    /// `\a b -> a + b` on one primitive type.
    fn add_lambda(&mut self, t: PrimType) -> Lambda {
        let (a, b, r) = (
            self.new_var("a", Type::scalar(t)),
            self.new_var("b", Type::scalar(t)),
            self.new_var("sum", Type::scalar(t)),
        );
        Lambda {
            params: vec![a, b],
            body: Body {
                stms: vec![scalar(r, BinOp::Add, SubExp::Var(a), SubExp::Var(b))],
                result: vec![SubExp::Var(r)],
            },
            ret: vec![Type::scalar(t)],
        }
    }

    /// `segiota` (each flat element's index in its segment) or `repiota`
    /// (its segment) of a flat space, as a `[m]i64` array.
    pub(super) fn flat_iota(&mut self, f: &Flat, rep: bool, out: &mut Vec<HostStm>) -> VarId {
        let j = self.new_var("flat_i", i64t());
        let (mut stms, seg) = self.find_segment(f, j);
        let res = if rep {
            seg
        } else {
            let (end, n, start, e) = (
                self.new_var("end", i64t()),
                self.new_var("n", i64t()),
                self.new_var("start", i64t()),
                self.new_var("in_seg", i64t()),
            );
            stms.push(index(end, f.ends, SubExp::Var(seg)));
            stms.push(index(n, f.ns, SubExp::Var(seg)));
            stms.push(scalar(start, BinOp::Sub, SubExp::Var(end), SubExp::Var(n)));
            stms.push(scalar(e, BinOp::Sub, SubExp::Var(j), SubExp::Var(start)));
            e
        };
        let lambda = Lambda {
            params: Vec::new(),
            body: Body {
                stms,
                result: vec![SubExp::Var(res)],
            },
            ret: vec![i64t()],
        };
        let name = if rep { "repiota" } else { "segiota" };
        let arr = self.new_var(name, Type::array(PrimType::I64, vec![SubExp::Var(f.m)]));
        out.extend(self.space_map(name, vec![(j, SubExp::Var(f.m))], lambda, &[arr]));
        arr
    }

    /// Statements finding the segment of flat element `j` by binary
    /// search over the ends: the first segment whose end exceeds `j`.
    fn find_segment(&mut self, f: &Flat, j: VarId) -> (Vec<Stm>, VarId) {
        let boolt = Type::scalar(PrimType::Bool);
        let (lo, hi, go) = (
            self.new_var("lo", i64t()),
            self.new_var("hi", i64t()),
            self.new_var("go", boolt.clone()),
        );
        let (sum, mid, end, above, mid1, lo2, hi2, go2) = (
            self.new_var("sum", i64t()),
            self.new_var("mid", i64t()),
            self.new_var("end", i64t()),
            self.new_var("above", boolt.clone()),
            self.new_var("mid1", i64t()),
            self.new_var("lo", i64t()),
            self.new_var("hi", i64t()),
            self.new_var("go", boolt.clone()),
        );
        let v = SubExp::Var;
        let body = Body {
            stms: vec![
                scalar(sum, BinOp::Add, v(lo), v(hi)),
                scalar(mid, BinOp::Div, v(sum), SubExp::i64(2)),
                index(end, f.ends, v(mid)),
                scalar(above, BinOp::Gt, v(end), v(j)),
                scalar(mid1, BinOp::Add, v(mid), SubExp::i64(1)),
                select(lo2, v(above), just(v(lo)), just(v(mid1))),
                select(hi2, v(above), just(v(mid)), just(v(hi))),
                scalar(go2, BinOp::Lt, v(lo2), v(hi2)),
            ],
            result: vec![v(lo2), v(hi2), v(go2)],
        };
        let (go0, seg, hi_f, go_f) = (
            self.new_var("go", boolt.clone()),
            self.new_var("seg", i64t()),
            self.new_var("hi", i64t()),
            self.new_var("go", boolt),
        );
        let stms = vec![
            scalar(go0, BinOp::Lt, SubExp::i64(0), f.w),
            Stm {
                pat: Pat {
                    ctx: Vec::new(),
                    vals: vec![seg, hi_f, go_f],
                },
                exp: Exp::Loop {
                    ctx: Vec::new(),
                    params: vec![(lo, SubExp::i64(0)), (hi, f.w), (go, v(go0))],
                    form: LoopForm::While(go),
                    body,
                },
                loc: None,
            },
        ];
        (stms, seg)
    }

    /// A SegMap over an explicit space whose lambda reads what it needs
    /// through the space's indices; the statements allocating and
    /// launching it.
    pub(super) fn space_map(
        &mut self,
        name: &str,
        space: Vec<(VarId, SubExp)>,
        lambda: Lambda,
        outs: &[VarId],
    ) -> Vec<HostStm> {
        let mut f = Free::default();
        f.lambda(&self.core, &lambda);
        for (g, w) in &space {
            if let SubExp::Var(v) = w {
                f.var(&self.core, *v);
            }
            f.bound.insert(*g);
        }
        let kernel = self.add_kernel(
            name,
            f.vars(),
            KernelKind::SegMap {
                space,
                arrs: Vec::new(),
                lambda,
            },
        );
        let mut stms: Vec<HostStm> = outs.iter().map(|v| HostStm::Alloc(*v)).collect();
        stms.push(launch(kernel, outs.to_vec()));
        stms
    }
}

pub(super) fn launch(kernel: crate::ir::KernelId, vals: Vec<VarId>) -> HostStm {
    HostStm::Launch {
        kernel,
        pat: Pat {
            ctx: Vec::new(),
            vals,
        },
    }
}

/// The operator of a segmented scan built from reductions' operators:
/// operands are a tag ([`TAG_NONE`] for the identity) then the
/// reductions' operands. Combining `x` and `y`: the identity gives the
/// other; a `y` that holds a segment start is kept; otherwise the values
/// are combined and the tag is `x`'s. Its neutral element is the
/// identity (tag and zeros), whatever the reductions' neutral elements.
pub(super) fn flagged(x: &mut Extractor, reds: &[Reduce]) -> Scan {
    let types: Vec<Type> = reds
        .iter()
        .flat_map(|r| r.lambda.ret.iter().cloned())
        .collect();
    let tag_t = Type::scalar(PrimType::I64);
    let new = |x: &mut Extractor, n: &str, t: &Type| x.new_var(n, t.clone());
    let xt = new(x, "x_tag", &tag_t);
    let yt = new(x, "y_tag", &tag_t);
    let xs: Vec<VarId> = types.iter().map(|t| new(x, "x", t)).collect();
    let ys: Vec<VarId> = types.iter().map(|t| new(x, "y", t)).collect();
    let v = SubExp::Var;
    // The reductions' operators on the values, each after binding its
    // parameters to its share of `xs` and `ys`.
    let mut combine = Vec::new();
    let mut results = vec![v(xt)];
    let mut at = 0;
    for r in reds {
        let k = r.neutral.len();
        let (a, b) = r.lambda.params.split_at(k);
        for (p, q) in a.iter().zip(&xs[at..at + k]) {
            combine.push(Stm::copy(*p, v(*q)));
        }
        for (p, q) in b.iter().zip(&ys[at..at + k]) {
            combine.push(Stm::copy(*p, v(*q)));
        }
        combine.extend(r.lambda.body.stms.iter().cloned());
        results.extend(r.lambda.body.result.iter().copied());
        at += k;
    }
    let boolt = Type::scalar(PrimType::Bool);
    let (y_none, x_none, y_start, keep_y) = (
        new(x, "y_none", &boolt),
        new(x, "x_none", &boolt),
        new(x, "y_start", &boolt),
        new(x, "keep_y", &boolt),
    );
    let outs: Vec<VarId> = std::iter::once(&tag_t)
        .chain(&types)
        .map(|t| new(x, "scanned", t))
        .collect();
    let inner: Vec<VarId> = std::iter::once(&tag_t)
        .chain(&types)
        .map(|t| new(x, "combined", t))
        .collect();
    let of = |t: VarId, vals: &[VarId]| -> Vec<SubExp> {
        std::iter::once(v(t))
            .chain(vals.iter().map(|x| v(*x)))
            .collect()
    };
    let branch = |pat: &[VarId], cond: VarId, a: Body, b: Body| Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: pat.to_vec(),
        },
        exp: Exp::If {
            cond: v(cond),
            then_body: a,
            else_body: b,
        },
        loc: None,
    };
    let values = |stms: Vec<Stm>, result: Vec<SubExp>| Body { stms, result };
    let not_none = values(
        vec![
            scalar(x_none, BinOp::Eq, v(xt), SubExp::i64(TAG_NONE)),
            scalar(y_start, BinOp::Eq, v(yt), SubExp::i64(TAG_START)),
            scalar(keep_y, BinOp::Or, v(x_none), v(y_start)),
            branch(
                &inner,
                keep_y,
                values(Vec::new(), of(yt, &ys)),
                values(combine, results),
            ),
        ],
        inner.iter().map(|x| v(*x)).collect(),
    );
    let body = values(
        vec![
            scalar(y_none, BinOp::Eq, v(yt), SubExp::i64(TAG_NONE)),
            branch(&outs, y_none, values(Vec::new(), of(xt, &xs)), not_none),
        ],
        outs.iter().map(|x| v(*x)).collect(),
    );
    let mut params = vec![xt];
    params.extend(&xs);
    params.push(yt);
    params.extend(&ys);
    let mut ret = vec![tag_t];
    ret.extend(types.iter().cloned());
    let neutral = std::iter::once(SubExp::i64(TAG_NONE))
        .chain(
            types
                .iter()
                .map(|t| SubExp::Const(runic_eval::value::Prim::zero(t.prim))),
        )
        .collect();
    Scan {
        lambda: Lambda { params, body, ret },
        neutral,
    }
}
