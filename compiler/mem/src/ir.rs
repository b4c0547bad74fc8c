//! The memory IR (seed 004's FunMem): the core program's statements, with
//! every array placed in a memory [`Block`] at an [`Lmad`] index function
//! and every block that is not a parameter made by an explicit
//! [`MemStm::Alloc`] of a byte size.
//!
//! A [`MemStm::Let`] is a core statement whose nested bodies (branches, a
//! loop's body, the functions of a SOAC) were moved out into `bodies`, in
//! the order of `runic_core::ir::Exp::for_each_body`, and translated in
//! turn: the shell keeps the operands, the bodies hold their own
//! allocations. A SOAC's functions run once per row: `index` names the
//! row each run computes, which the index functions of per-row arrays
//! mention (`fix(L, i)`).
//!
//! Blocks live in one [`Arena`] ([`BlockId`] handles), arrays' placements
//! in [`MemProgram::arrays`], by variable.

use std::rc::Rc;

use runic_core::ir::{Arena, Handle, Stm, SubExp, VarId};
use runic_core::Program;
use rustc_hash::FxHashMap;

use crate::lmad::{Lmad, Poly};

/// Where a block lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// Host memory (the sequential pipeline).
    Host,
    /// Device global memory (the GPU pipeline).
    Device,
}

/// How a block comes to exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A function parameter's memory.
    Param,
    /// An [`MemStm::Alloc`].
    Alloc,
    /// Known only at run time: the memory a branch, a loop whose body
    /// returns arrays in fresh memory, or a called function gives back.
    Existential,
}

/// A memory block.
#[derive(Debug, Clone)]
pub struct Block {
    pub name: Rc<str>,
    pub space: Space,
    pub origin: Origin,
}

pub type BlockId = Handle<Block>;

/// Where an array lives: its block and index function.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrayMem {
    pub block: BlockId,
    pub lmad: Lmad,
}

/// A statement of the memory IR.
#[derive(Debug, Clone)]
pub enum MemStm {
    /// `let block = alloc bytes`.
    Alloc { block: BlockId, bytes: Poly },
    /// A core statement, its nested bodies moved out into `bodies`.
    Let {
        stm: Stm,
        bodies: Vec<MemBody>,
        index: Option<VarId>,
    },
}

/// Statements and results.
#[derive(Debug, Clone, Default)]
pub struct MemBody {
    pub stms: Vec<MemStm>,
    pub result: Vec<SubExp>,
}

/// A function: its parameters (their memory in [`MemProgram::arrays`]),
/// body, and the blocks of its array results.
#[derive(Debug, Clone)]
pub struct MemFun {
    pub name: Rc<str>,
    pub entry: bool,
    pub params: Vec<VarId>,
    pub body: MemBody,
}

/// A whole program in the memory IR.
pub struct MemProgram {
    /// The core program: its variables (the functions are moved into
    /// [`MemProgram::funs`]).
    pub core: Program,
    pub blocks: Arena<Block>,
    pub arrays: FxHashMap<VarId, ArrayMem>,
    pub funs: Vec<MemFun>,
}

impl MemProgram {
    /// The placement of an array variable.
    pub fn mem(&self, v: VarId) -> Option<&ArrayMem> {
        self.arrays.get(&v)
    }
}

/// The number of bytes of one element of a primitive type.
pub fn elem_bytes(t: runic_sema::types::PrimType) -> i64 {
    use runic_sema::types::PrimType::*;
    match t {
        Bool | I8 | U8 => 1,
        I16 | U16 | F16 => 2,
        I32 | U32 | F32 => 4,
        I64 | U64 | F64 => 8,
    }
}
