//! Counts of the memory IR's constructs for `structure seq-mem` and
//! `structure gpu-mem` blocks: allocations as `Alloc`, everything else as
//! the core IR's metrics name it (`runic_core::metrics`), under the
//! chains of constructs around it.

use runic_core::ir::Exp;
use runic_core::metrics::{Counter, Metrics};

use crate::ir::*;

/// The counts of every function of the program together.
pub fn program(p: &MemProgram) -> Metrics {
    let mut m = Counter::default();
    for f in &p.funs {
        body(&mut m, &f.body);
    }
    m.finish()
}

fn body(m: &mut Counter, b: &MemBody) {
    for s in &b.stms {
        match s {
            MemStm::Alloc { .. } => m.seen("Alloc"),
            MemStm::Let { stm, bodies, .. } => {
                m.exp(&stm.exp);
                let chains: &[&[&'static str]] = match &stm.exp {
                    Exp::If { .. } => &[&["If", "True"], &["If", "False"]],
                    Exp::Loop { .. } => &[&["Loop"]],
                    Exp::Screma(_) => &[&["Screma"]],
                    Exp::Hist(_) => &[&["Hist"]],
                    Exp::Scatter(_) => &[&["WithAcc", "Screma"]],
                    Exp::Stream(_) => &[&["Stream"]],
                    _ => &[],
                };
                for (k, inner) in bodies.iter().enumerate() {
                    let chain = chains.get(k).or(chains.last()).copied().unwrap_or(&[]);
                    m.within(chain, |m| body(m, inner));
                }
            }
        }
    }
}
