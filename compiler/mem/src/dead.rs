//! Functions no entry point calls any more: once calls are inlined
//! (`runic_kernels::inline`), a function whose every call was inlined is
//! dead, and, as in Futhark's pipelines, is not part of the memory
//! program (its allocations would count for nothing that runs).

use std::collections::BTreeSet;
use std::rc::Rc;

use runic_core::ir::{Body, Exp};
use runic_core::Program;

/// Drops the functions that no entry point reaches through calls.
pub fn remove(p: &mut Program) {
    let mut live: BTreeSet<Rc<str>> = p
        .funs
        .iter()
        .filter(|f| f.entry)
        .map(|f| f.name.clone())
        .collect();
    let mut todo: Vec<Rc<str>> = live.iter().cloned().collect();
    while let Some(name) = todo.pop() {
        let Some(f) = p.funs.iter().find(|f| f.name == name) else {
            continue;
        };
        let mut called = BTreeSet::new();
        calls(&f.body, &mut called);
        for g in called {
            if live.insert(g.clone()) {
                todo.push(g);
            }
        }
    }
    p.funs.retain(|f| live.contains(&f.name));
}

/// The names of the functions a body calls, at any depth.
fn calls(b: &Body, out: &mut BTreeSet<Rc<str>>) {
    for s in &b.stms {
        if let Exp::Apply(name, _) = &s.exp {
            out.insert(name.clone());
        }
        s.exp.for_each_body(|inner| calls(inner, out));
    }
}
