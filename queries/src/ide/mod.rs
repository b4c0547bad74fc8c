//! The IDE layer: answers about a position in a file (hover, definitions,
//! references), in neutral types (byte ranges, paths), over the checker's
//! per-declaration [`item_analysis`]. rust-analyzer's `ide` crate is the
//! model: each feature is a function of the database and a file position.
//!
//! - [`symbol_at`] (here) finds the name under the cursor and what it
//!   refers to: a local variable, a global value, a type or a module.
//! - `hover` renders it as Markdown; `navigation` finds definitions,
//!   type definitions and references; `docs` reads doc comments and
//!   indexes the shipped prelude, whose places are [`Place::Prelude`].
//!
//! Only the declaration under the cursor is analysed (memoised per item,
//! behind the same firewalls as the checker), so hovering after an edit
//! elsewhere re-checks nothing else.

mod actions;
mod completion;
mod docs;
mod highlight;
mod hover;
mod inlay;
mod navigation;
mod rename;
mod render;
mod signature;
mod symbols;

use std::sync::Arc;

use rowan::{NodeOrToken, TokenAtOffset};
use runic_sema::env::{ModEnv, Module, Scheme, TypeDef};
use runic_sema::types::Type;
use runic_sema::{DeclAnalysis, Loc, NameTarget, Prelude};
use runic_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};

use crate::items::{item_tree, items, Item};
use crate::semantic::{on_item, origin_of, state_before, walk_states_before};
use crate::{parse, Db, File};

pub use actions::{code_actions, Action, ActionKind, Edit};
pub use completion::{completions, Completion, CompletionKind};
pub use docs::{prelude_decl, prelude_source, prelude_sources, PreludeDecl};
pub use highlight::semantic_highlights;
pub use hover::{hover, Hover};
pub use inlay::{inlay_hints, InlayHint, InlayKind};
pub use navigation::{definition, highlights_at, references, type_definition};
pub use rename::rename;
pub use signature::{signature_help, SignatureHelp};
pub use symbols::{workspace_symbols, WorkspaceSymbol};

/// The checker's IDE record of one top-level declaration (ranges relative
/// to it). Depends only on the item's own syntax and the state before it.
///
/// The states before the item are brought up to date first, in order
/// ([`walk_states_before`]), so that a request far down a large file does
/// not recurse through every declaration above it.
pub fn item_analysis<'db>(db: &'db dyn Db, item: Item<'db>) -> Arc<DeclAnalysis> {
    walk_states_before(db, item);
    item_analysis_query(db, item)
}

/// The memo behind [`item_analysis`]. A query that must not depend on the
/// states of the declarations it does not read (the middle end's per-entry
/// units) calls it directly, once the states are up to date.
#[salsa::tracked(returns(clone))]
pub(crate) fn item_analysis_query<'db>(db: &'db dyn Db, item: Item<'db>) -> Arc<DeclAnalysis> {
    Arc::new(on_item(db, item, runic_sema::analyse_decl).unwrap_or_default())
}

/// The state before `item`, its predecessors' states brought up to date in
/// order first (see [`item_analysis`]).
pub(crate) fn visible_before(db: &dyn Db, item: Item<'_>) -> Arc<runic_sema::DeclState> {
    walk_states_before(db, item);
    state_before(db, item)
}

/// A place in a workspace file or in the shipped prelude.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Place {
    File {
        path: String,
        range: TextRange,
    },
    /// A prelude file (name without `.fut`) and a range in its text.
    Prelude {
        file: &'static str,
        range: TextRange,
    },
}

/// What a name under the cursor refers to.
#[derive(Debug, Clone)]
pub enum Symbol {
    /// A variable bound inside a declaration (`def` is its binding name).
    Local {
        name: String,
        def: Option<Place>,
        ty: Option<Type>,
    },
    /// A value of a module scope: the file, an import or the prelude.
    Global {
        name: String,
        def: Option<Place>,
        scheme: Arc<Scheme>,
    },
    Type {
        name: String,
        def: TypeDef,
    },
    Module {
        name: String,
        module: Module,
    },
}

/// A name occurrence: where it is and what it refers to.
#[derive(Debug, Clone)]
pub struct Occurrence {
    pub range: TextRange,
    pub symbol: Symbol,
}

/// The item of `file` that contains `offset`, with its start.
pub(crate) fn item_at(db: &dyn Db, file: File, offset: TextSize) -> Option<(Item<'_>, TextSize)> {
    let tree = item_tree(db, file);
    let index = tree
        .items()
        .iter()
        .position(|item| item.range.contains_inclusive(offset))?;
    let data = &tree.items()[index];
    Some((Item::new(db, file, data.key.clone()), data.range.start()))
}

/// The tokens at `offset` under `node`, as rowan's `token_at_offset`
/// finds them (the token around it, or the two it is between), but by a
/// binary search of the children at each level: rowan's walks every
/// child of every node on the way, which at the root of a large file is
/// a walk of all its declarations, and recurses as deep as the tree.
/// Nothing where `offset` is outside `node`.
pub(crate) fn token_at_offset(node: &SyntaxNode, offset: TextSize) -> TokenAtOffset<SyntaxToken> {
    let range = node.text_range();
    if offset < range.start() || offset > range.end() {
        return TokenAtOffset::None;
    }
    // The token holding the byte at `at`.
    let holding = |at: TextSize| match node.covering_element(TextRange::at(at, 1.into())) {
        NodeOrToken::Token(token) => Some(token),
        NodeOrToken::Node(_) => None,
    };
    let left = (offset > range.start())
        .then(|| holding(offset - TextSize::from(1)))
        .flatten();
    let right = (offset < range.end()).then(|| holding(offset)).flatten();
    match (left, right) {
        (Some(left), Some(right)) if left == right => TokenAtOffset::Single(left),
        (Some(left), Some(right)) => TokenAtOffset::Between(left, right),
        (Some(one), None) | (None, Some(one)) => TokenAtOffset::Single(one),
        (None, None) => TokenAtOffset::None,
    }
}

/// The name under the cursor and what it refers to.
pub fn symbol_at(db: &dyn Db, file: File, offset: TextSize) -> Option<Occurrence> {
    let token = name_token_at(&parse(db, file).syntax(), offset)?;
    let (item, start) = item_at(db, file, offset)?;
    let analysis = item_analysis(db, item);
    let relative = token.text_range().start().checked_sub(start)?;
    let value = analysis
        .uses
        .iter()
        .find(|u| u.range.contains_inclusive(relative));
    if let Some(found) = value {
        let symbol = value_symbol(db, file, item, start, &analysis, found);
        return Some(Occurrence {
            range: found.range + start,
            symbol,
        });
    }
    let symbol = type_or_module_symbol(db, item, &token)?;
    Some(Occurrence {
        range: token.text_range(),
        symbol,
    })
}

/// The identifier (or operator) token at `offset`, preferring names.
fn name_token_at(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    if offset > root.text_range().end() {
        return None;
    }
    token_at_offset(root, offset)
        .max_by_key(|t| match t.kind() {
            SyntaxKind::IDENT => 2,
            SyntaxKind::OPERATOR => 1,
            _ => 0,
        })
        .filter(|t| matches!(t.kind(), SyntaxKind::IDENT | SyntaxKind::OPERATOR))
}

pub(crate) fn value_symbol(
    db: &dyn Db,
    file: File,
    item: Item<'_>,
    start: TextSize,
    analysis: &DeclAnalysis,
    found: &runic_sema::NameUse,
) -> Symbol {
    let name = found.name.clone();
    match &found.target {
        NameTarget::Local { def } => Symbol::Local {
            def: def.map(|range| Place::File {
                path: file.path(db).clone(),
                range: range + start,
            }),
            ty: def.and_then(|range| analysis.types.get(&range).cloned()),
            name,
        },
        NameTarget::Global { def, scheme } => Symbol::Global {
            def: def
                .and_then(|loc| place_of(db, item, loc))
                .or_else(|| prelude_place(&name, VALUE_KINDS)),
            scheme: scheme.clone(),
            name,
        },
    }
}

const VALUE_KINDS: &[SyntaxKind] = &[SyntaxKind::VALUE_DECL, SyntaxKind::VAL_SPEC];
const TYPE_KINDS: &[SyntaxKind] = &[SyntaxKind::TYPE_DECL, SyntaxKind::TYPE_SPEC];
const MODULE_KINDS: &[SyntaxKind] = &[SyntaxKind::MODULE_DECL, SyntaxKind::MODULE_SPEC];

fn prelude_place(name: &str, kinds: &[SyntaxKind]) -> Option<Place> {
    let decl = prelude_decl(name, kinds)?;
    Some(Place::Prelude {
        file: decl.file,
        range: decl.range,
    })
}

/// The file place of a checker location: the item it names, in the
/// workspace file that holds it (the prelude's places have origin 0).
fn place_of(db: &dyn Db, from: Item<'_>, loc: Loc) -> Option<Place> {
    if loc.origin == 0 {
        return None;
    }
    let (file, start) = item_start_by_origin(db, from.file(db), loc.origin)?;
    Some(Place::File {
        path: file.path(db).clone(),
        range: loc.range + start,
    })
}

/// `first`, then every file of the workspace (`first` again among them).
pub(crate) fn files_from(db: &dyn Db, first: File) -> impl Iterator<Item = File> {
    let others = db
        .source_root()
        .map(|root| root.files(db).values().copied().collect::<Vec<_>>())
        .unwrap_or_default();
    std::iter::once(first).chain(others)
}

/// The file and start of the item whose origin is `origin`, looking in
/// `near` first, then in every file of the workspace.
fn item_start_by_origin(db: &dyn Db, near: File, origin: u64) -> Option<(File, TextSize)> {
    files_from(db, near).find_map(|file| {
        let tree = item_tree(db, file);
        items(db, file)
            .iter()
            .zip(tree.items())
            .find(|(item, _)| origin_of(**item) == origin)
            .map(|(_, data)| (file, data.range.start()))
    })
}

/// A type or module name at `token`, looked up in what is visible before
/// the item (and the prelude).
fn type_or_module_symbol(db: &dyn Db, item: Item<'_>, token: &SyntaxToken) -> Option<Symbol> {
    let name = token.text().to_string();
    let before = visible_before(db, item);
    // The state after the item holds what it defines (for its own names).
    let after = crate::semantic::item_state(db, item);
    let prelude = Prelude::builtin().env();
    let envs: [&ModEnv; 3] = [before.visible(), after.visible(), &prelude];
    let module_prefix = qualifier_env(token, &envs);
    let scopes: Vec<&ModEnv> = match &module_prefix {
        Some(env) => vec![env.as_ref()],
        None => envs.to_vec(),
    };
    let in_type = token.parent_ancestors().any(|n| {
        use SyntaxKind::*;
        matches!(
            n.kind(),
            PATH_TYPE | TYPE_DECL | TYPE_SPEC | RET_TYPE | ARRAY_TYPE | TYPED_PAT
        )
    });
    let module = scopes.iter().find_map(|env| env.modules.get(name.as_str()));
    let ty = scopes.iter().find_map(|env| env.types.get(name.as_str()));
    match (ty, module) {
        (Some(def), _) if in_type || module.is_none() => Some(Symbol::Type {
            name,
            def: def.clone(),
        }),
        (_, Some(module)) => Some(Symbol::Module {
            name,
            module: module.clone(),
        }),
        _ => None,
    }
}

/// For the name `x` in a path `M.N.x`, the environment of `M.N`.
fn qualifier_env(token: &SyntaxToken, envs: &[&ModEnv]) -> Option<Arc<ModEnv>> {
    let dot = token.prev_token().filter(|t| t.kind() == SyntaxKind::DOT)?;
    let last = dot.prev_token().filter(|t| t.kind() == SyntaxKind::IDENT)?;
    module_path_env(&last, envs)
}

/// The structure named by the dotted path that ends with the name `last`.
pub(crate) fn module_path_env(last: &SyntaxToken, envs: &[&ModEnv]) -> Option<Arc<ModEnv>> {
    let mut segments = vec![last.text().to_string()];
    let mut previous = last.prev_token();
    while let Some(dot) = previous.filter(|t| t.kind() == SyntaxKind::DOT) {
        let name = dot.prev_token().filter(|t| t.kind() == SyntaxKind::IDENT)?;
        segments.push(name.text().to_string());
        previous = name.prev_token();
    }
    segments.reverse();
    let (first, rest) = segments.split_first()?;
    let module = envs
        .iter()
        .find_map(|env| env.modules.get(first.as_str()))?
        .clone();
    module.structure_at(rest)
}

/// Where a type or module named `name` is defined: a top-level
/// declaration of `file` or of a workspace file, else the prelude.
pub(crate) fn named_place(db: &dyn Db, file: File, name: &str, module: bool) -> Option<Place> {
    let wanted = if module {
        crate::ItemKind::Module
    } else {
        crate::ItemKind::Type
    };
    let found = files_from(db, file).find_map(|f| {
        let data = item_tree(db, f)
            .items()
            .iter()
            .find(|d| d.key.kind == wanted && d.key.name.as_deref() == Some(name))?;
        Some(Place::File {
            path: f.path(db).clone(),
            range: data.name_range?,
        })
    });
    found.or_else(|| prelude_place(name, if module { MODULE_KINDS } else { TYPE_KINDS }))
}
#[cfg(test)]
mod tests;
