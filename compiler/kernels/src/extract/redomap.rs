//! Maps fused into the reductions that consume them (Futhark's
//! redomap): a screma of one reduction whose map turns elements of
//! one-dimensional arrays into scalars becomes one SegRed whose threads
//! map the elements they fold, instead of a SegMap building the operands
//! and a SegRed reading them. (Segmented reductions take the flattened
//! SegMap of their operands the same way: `segmented.rs`.)

use runic_core::ir::{Body, Exp, Pat, Stm};
use runic_core::Program;

use super::{free, Extractor};
use crate::ir::*;

impl Extractor {
    /// Whether a screma's map can run inside its reduction's kernel: one
    /// reduction and nothing else, over one-dimensional arrays that
    /// exist, of a map from scalars to scalars whose statements bind
    /// only scalars (no thread builds an array).
    pub(super) fn map_fuses_into_reduction(&self, sc: &runic_core::ir::Screma) -> bool {
        sc.scans.is_empty()
            && sc.reds.len() == 1
            && sc.map.ret.len() == sc.reds[0].neutral.len()
            && sc
                .arrs
                .iter()
                .all(|a| self.core.ty(*a).rank() == 1 && !self.is_virtual(*a))
            && sc.map.params.iter().all(|v| self.core.ty(*v).rank() == 0)
            && sc.map.ret.iter().all(|t| t.rank() == 0)
            && scalar_thread_body(&self.core, &sc.map.body)
    }

    /// One SegRed whose threads apply the map to the elements they fold
    /// (Futhark's redomap): no array of operands.
    pub(super) fn mapped_reduction(
        &mut self,
        s: &Stm,
        sc: &runic_core::ir::Screma,
    ) -> Vec<HostStm> {
        let red = &sc.reds[0];
        let mut inputs = self.op_inputs(&sc.arrs, &red.lambda, &red.neutral, sc.w);
        for v in free::of_lambda(&self.core, &sc.map) {
            if !inputs.contains(&v) {
                inputs.push(v);
            }
        }
        let kernel = self.add_kernel(
            "segred",
            inputs,
            KernelKind::SegRed {
                w: sc.w,
                segs: None,
                arrs: sc.arrs.clone(),
                map: Some(PreMap {
                    space: Vec::new(),
                    lambda: sc.map.clone(),
                }),
                red: red.clone(),
            },
        );
        vec![HostStm::Launch {
            kernel,
            pat: Pat {
                ctx: Vec::new(),
                vals: s.pat.vals.clone(),
            },
        }]
    }
}

/// Statements a thread runs without building an array: scalar
/// operations, elements and slices read from arrays, transpositions (both
/// views), assertions, and branches and loops of such statements over
/// scalar state.
pub(crate) fn scalar_thread_body(p: &Program, b: &Body) -> bool {
    b.stms.iter().all(|s| match &s.exp {
        Exp::Index(..) | Exp::Rearrange(..) => true,
        exp => {
            s.pat.vals.iter().all(|v| p.ty(*v).rank() == 0)
                && match exp {
                    Exp::SubExp(x) => p.subexp_type(*x).rank() == 0,
                    Exp::Scalar(..) | Exp::Assert(..) => true,
                    Exp::If {
                        then_body,
                        else_body,
                        ..
                    } => scalar_thread_body(p, then_body) && scalar_thread_body(p, else_body),
                    Exp::Loop { ctx, body, .. } => ctx.is_empty() && scalar_thread_body(p, body),
                    _ => false,
                }
        }
    })
}
