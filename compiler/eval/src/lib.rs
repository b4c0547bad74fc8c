//! The reference interpreter for Futhark programs and Futhark's value
//! formats (textual and binary).
//!
//! [`load`] lowers checked files (with the prelude) into an internal form;
//! [`Program::call`] runs an entry point on argument values. The crate does
//! no IO: it takes texts, trees and bytes and returns values and strings.

pub mod ad;
pub mod binary;
pub mod builtins;
pub mod compare;
pub mod data;
pub mod interp;
pub mod ir;
pub mod lower;
pub mod memory;
pub mod prim;
pub mod random;
pub mod run;
mod special;
pub mod testspec;
pub mod text;
pub mod value;

pub use interp::{Limits, RuntimeError, CANCELLED};
pub use lower::{Program, Unit};
pub use text::Typed;
pub use value::Value;

#[cfg(test)]
mod lean_tests;
#[cfg(test)]
mod tests;
