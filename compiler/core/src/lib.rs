//! Runic's middle end: the core SOAC IR (`ir`), its checker (`check`) and
//! printer (`print`), internalisation from the elaborated program
//! (`internalise`), and an evaluator for the IR (`eval`) that `runic run
//! --backend core` uses for differential testing against the interpreter.
//!
//! Like every compiler crate it does no IO and knows nothing of salsa or
//! LSP. Its input is the interpreter's elaborated program
//! (`runic_eval::Program`): module and functor elaboration happens once,
//! in `runic_eval::lower`, and both back ends start from its result.

pub mod check;
pub mod internalise;
pub mod ir;
pub mod print;

pub use ir::Program;
