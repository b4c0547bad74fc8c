//! The kernels left after migration: those merged into single-thread
//! kernels of migrated code are dropped, the rest renumbered.

use crate::ir::*;

/// Drops the kernels no host code launches any more (those merged into
/// others) and renumbers the rest.
pub(super) fn program(kp: &mut KernelProgram) {
    let mut used = vec![false; kp.kernels.len()];
    for f in &kp.funs {
        mark(&f.body, &mut used);
    }
    if used.iter().all(|u| *u) {
        return;
    }
    let mut new_id = vec![usize::MAX; used.len()];
    let mut kept = Vec::new();
    for (i, k) in std::mem::take(&mut kp.kernels).into_iter().enumerate() {
        if used[i] {
            new_id[i] = kept.len();
            kept.push(k);
        }
    }
    for (i, k) in kept.iter_mut().enumerate() {
        let stem = k.name.rsplit_once('_').map_or(k.name.as_str(), |(s, _)| s);
        k.name = format!("{stem}_{i}");
    }
    kp.kernels = kept;
    let mut funs = std::mem::take(&mut kp.funs);
    for f in &mut funs {
        renumber(&mut f.body, &new_id);
    }
    kp.funs = funs;
}

fn mark(b: &HostBody, used: &mut [bool]) {
    for s in &b.stms {
        match s {
            HostStm::Launch { kernel, .. } => used[*kernel] = true,
            HostStm::If {
                then_body,
                else_body,
                ..
            } => {
                mark(then_body, used);
                mark(else_body, used);
            }
            HostStm::Loop { body, .. } => mark(body, used),
            _ => {}
        }
    }
}

fn renumber(b: &mut HostBody, new_id: &[usize]) {
    for s in &mut b.stms {
        match s {
            HostStm::Launch { kernel, .. } => *kernel = new_id[*kernel],
            HostStm::If {
                then_body,
                else_body,
                ..
            } => {
                renumber(then_body, new_id);
                renumber(else_body, new_id);
            }
            HostStm::Loop { body, .. } => renumber(body, new_id),
            _ => {}
        }
    }
}
