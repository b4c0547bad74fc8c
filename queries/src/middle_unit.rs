//! The sources the middle end elaborates for one entry point, built from
//! per-declaration queries: no whole-file check, and nothing the entry
//! point cannot reach.
//!
//! [`reached_unit`] puts the declarations an entry point may reach
//! ([`crate::middle_deps`]) into a file of their own, each at the line and
//! column where it starts in the real file (so the IR's locations are the
//! real ones), with blank space between them. Its type table is the union
//! of the reached declarations' own tables ([`item_analysis`], ranges
//! relative to the declaration, memoised per declaration), moved to where
//! each declaration starts in the new file. An edit inside one function
//! thus re-checks that function alone, and elaborates only the entry points
//! that reach it, each from what it reaches.
//!
//! [`whole_unit`] gives a whole file the same way (the real text and tree,
//! the declarations' tables moved to their real starts): for the files the
//! main one imports, and for the main file itself when the reduced one does
//! not elaborate (which only a declaration the syntactic reach missed would
//! cause).

use std::collections::{BTreeMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use rowan::{GreenNode, GreenToken, Language, NodeOrToken};
use runic_sema::TypeTable;
use runic_syntax::{FutharkLanguage, SyntaxKind, SyntaxNode, TextRange, TextSize};

use crate::ide::item_analysis_query as item_analysis;
use crate::middle_deps::Reached;
use crate::{imports_of, item_syntax, item_tree, parse, Db, File, Item};

/// One file for the elaborator, in a form that can go to another thread.
pub struct SentUnit {
    pub path: String,
    pub text: String,
    pub root: GreenNode,
    pub types: TypeTable,
}

impl SentUnit {
    /// The elaborator's form (on the thread that elaborates).
    pub fn into_unit(self) -> runic_eval::Unit {
        runic_eval::Unit {
            path: self.path,
            text: Rc::from(self.text),
            root: SyntaxNode::new_root(self.root),
            types: Arc::new(self.types),
        }
    }
}

/// Adds the types of one declaration (ranges relative to it) to `types`,
/// for the declaration starting at `start`.
fn add_types(types: &mut TypeTable, item: &TypeTable, start: TextSize) {
    types.extend(item.iter().map(|(range, ty)| {
        (
            TextRange::new(range.start() + start, range.end() + start),
            ty.clone(),
        )
    }));
}

fn raw(kind: SyntaxKind) -> rowan::SyntaxKind {
    FutharkLanguage::kind_to_raw(kind)
}

/// The declarations `reached` of `file` alone, each where it starts in the
/// file; `None` when one of them is gone.
pub fn reached_unit(db: &dyn Db, file: File, reached: &[Reached]) -> Option<SentUnit> {
    let mut text = String::new();
    let mut children = Vec::with_capacity(2 * reached.len());
    let mut types = TypeTable::default();
    let (mut line, mut col) = (0usize, 0u32);
    for r in reached {
        let item = Item::new(db, file, r.key.clone());
        let green = item_syntax(db, item)?;
        let mut gap = String::new();
        if r.line > line {
            gap.extend(std::iter::repeat_n('\n', r.line - line));
            (line, col) = (r.line, 0);
        }
        gap.extend(std::iter::repeat_n(' ', r.col.saturating_sub(col) as usize));
        if !gap.is_empty() {
            children.push(NodeOrToken::Token(GreenToken::new(
                raw(SyntaxKind::WHITESPACE),
                &gap,
            )));
            text.push_str(&gap);
        }
        col = col.max(r.col);
        add_types(
            &mut types,
            &item_analysis(db, item).types,
            TextSize::of(text.as_str()),
        );
        let own = green.0.to_string();
        match own.rfind('\n') {
            Some(last) => {
                line += own.matches('\n').count();
                col = (own.len() - last - 1) as u32;
            }
            None => col += own.len() as u32,
        }
        text.push_str(&own);
        children.push(NodeOrToken::Node(green.0));
    }
    Some(SentUnit {
        path: file.path(db).clone(),
        text,
        root: GreenNode::new(raw(SyntaxKind::SOURCE_FILE), children),
        types,
    })
}

/// The whole of `file`, its types from its declarations' own tables.
pub fn whole_unit(db: &dyn Db, file: File) -> SentUnit {
    let mut types = TypeTable::default();
    for data in item_tree(db, file).items() {
        let item = Item::new(db, file, data.key.clone());
        add_types(
            &mut types,
            &item_analysis(db, item).types,
            data.range.start(),
        );
    }
    SentUnit {
        path: file.path(db).clone(),
        text: file.text(db).clone(),
        root: parse(db, file).green().clone(),
        types,
    }
}

/// The files `main` imports, directly or not, that the workspace holds,
/// whole.
pub fn imported_units(db: &dyn Db, main: &SentUnit) -> Vec<SentUnit> {
    let files: BTreeMap<String, File> = db
        .source_root()
        .map(|root| root.files(db).clone())
        .unwrap_or_default();
    let mut todo = imports_of(&main.path, &SyntaxNode::new_root(main.root.clone()));
    let mut seen: HashSet<String> = HashSet::from([main.path.clone()]);
    let mut out = Vec::new();
    while let Some(path) = todo.pop() {
        if !seen.insert(path.clone()) {
            continue;
        }
        if let Some(&file) = files.get(&path) {
            let unit = whole_unit(db, file);
            todo.extend(imports_of(
                &unit.path,
                &SyntaxNode::new_root(unit.root.clone()),
            ));
            out.push(unit);
        }
    }
    out
}
