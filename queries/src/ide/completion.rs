//! Completion: after `M.` the members of module `M`; after `r.` the
//! fields of the record `r`; elsewhere the names in scope (the locals
//! bound around the cursor, the file's and imports' definitions, the
//! prelude) with their types, the keywords, and snippets for `loop`,
//! `match` and `def`.

use std::collections::BTreeMap;

use rowan::{NodeOrToken, WalkEvent};
use runic_sema::env::{ModEnv, Module};
use runic_sema::types::Type;
use runic_sema::{DeclState, NameTarget, Prelude};
use runic_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextSize};
use rustc_hash::{FxHashMap, FxHashSet};

use super::{item_analysis, item_at, module_path_env, render, visible_before};
use crate::items::Item;
use crate::items::{item_tree, items};
use crate::semantic::{item_before, item_state, walk_states_before};
use crate::sources::item_syntax;
use crate::{parse, Db, File};

/// What a completion proposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CompletionKind {
    Variable,
    Function,
    Field,
    Type,
    Module,
    Keyword,
    Snippet,
}

/// One proposal: the label inserted (or `snippet`, in LSP snippet
/// syntax), its kind and a detail (a type or what the snippet makes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    pub detail: Option<String>,
    pub snippet: Option<String>,
}

const KEYWORDS: &[&str] = &[
    "def", "let", "in", "if", "then", "else", "loop", "for", "while", "do", "with", "match",
    "case", "type", "module", "open", "import", "local", "entry", "val", "include", "true",
    "false", "assert",
];

const SNIPPETS: &[(&str, &str, &str)] = &[
    (
        "loop",
        "loop ${1:acc} = ${2:init} for ${3:i} < ${4:n} do\n  ${0:acc}",
        "a for loop",
    ),
    (
        "match",
        "match ${1:value}\ncase ${2:pattern} -> ${0:result}",
        "a match with one case",
    ),
    (
        "def",
        "def ${1:name} (${2:x}: ${3:t}) : ${4:t} =\n  ${0:x}",
        "a function definition",
    ),
];

/// The completions at `offset` of `file`: where the cursor ends a name
/// being typed, those whose label holds its letters in order (ignoring
/// case), which is every label an editor's fuzzy match would keep.
pub fn completions(db: &dyn Db, file: File, offset: TextSize) -> Vec<Completion> {
    let root = parse(db, file).syntax();
    if offset > root.text_range().end() {
        return Vec::new();
    }
    let typed = typed_before(&root, offset);
    let wanted = |c: &Completion| fuzzy_match(&typed, &c.label);
    if let Some(dot) = dot_before(&root, offset) {
        let mut out = after_dot(db, file, &dot);
        out.retain(wanted);
        return out;
    }
    let mut out = Vec::new();
    let in_item = item_at(db, file, offset);
    if let Some((item, start)) = in_item {
        // The walk of the item's own tree, not the file's: offsets
        // relative to the item, as the analysis gives them.
        if let Some(green) = item_syntax(db, item) {
            let tree = SyntaxNode::new_root(green.0);
            locals_in_scope(&tree, &item_analysis(db, item), offset - start, &mut out);
        }
    }
    // The declaration whose state the cursor sees. Inside a declaration,
    // `item_analysis` has brought the states before it up to date.
    let before = match in_item {
        Some((item, _)) => item_before(db, item),
        None => {
            let before = items(db, file)
                .into_iter()
                .zip(item_tree(db, file).items())
                .take_while(|(_, data)| data.range.end() <= offset)
                .last()
                .map(|(item, _)| item);
            if let Some(item) = before {
                walk_states_before(db, item);
            }
            before
        }
    };
    let mut out = dedup_by_label(out);
    out.retain(wanted);
    let locals: FxHashSet<(&str, CompletionKind)> =
        out.iter().map(|c| (c.label.as_str(), c.kind)).collect();
    let kept = |c: &&Completion| {
        wanted(c) && (locals.is_empty() || !locals.contains(&(c.label.as_str(), c.kind)))
    };
    let members: Vec<Completion> = match before {
        Some(item) => members_after(db, item)
            .iter()
            .filter(kept)
            .cloned()
            .collect(),
        None => scope_members(DeclState::default().visible())
            .iter()
            .filter(kept)
            .cloned()
            .collect(),
    };
    out.extend(members);
    out
}

/// The part of a name before the cursor, where the cursor is in or
/// just after one (empty elsewhere).
fn typed_before(root: &SyntaxNode, offset: TextSize) -> String {
    let Some(token) = super::token_at_offset(root, offset).left_biased() else {
        return String::new();
    };
    let range = token.text_range();
    if !(token.kind() == SyntaxKind::IDENT || token.kind().is_keyword()) || range.start() >= offset
    {
        return String::new();
    }
    token.text()[..usize::from(offset - range.start())].to_string()
}

/// Whether `label` holds the characters of `typed` in order, ignoring
/// ASCII case (every label when nothing is typed).
fn fuzzy_match(typed: &str, label: &str) -> bool {
    let mut rest = label.chars();
    typed
        .chars()
        .all(|t| rest.any(|l| l.eq_ignore_ascii_case(&t)))
}

/// The proposals for every name the state after `item` sees (the file's
/// and its imports', then the prelude's), the keywords and the snippets:
/// the same for every request below `item` until what the declarations
/// up to it define changes, so they are rendered once for all of them.
/// Only the lists of the last few states are kept (`lru`).
#[salsa::tracked(returns(ref), lru = 16)]
fn members_after<'db>(db: &'db dyn Db, item: Item<'db>) -> Vec<Completion> {
    // Deferred definitions get their types (see `Value::deferred`).
    scope_members(&crate::semantic::resolved_env(
        db,
        item_state(db, item).visible(),
    ))
}

/// The proposals of [`members_after`] for what a state sees (`visible`),
/// without duplicates.
fn scope_members(visible: &ModEnv) -> Vec<Completion> {
    let mut out = Vec::new();
    env_members(visible, &mut out);
    env_members(&Prelude::builtin().env(), &mut out);
    out.extend(KEYWORDS.iter().map(|k| Completion {
        label: k.to_string(),
        kind: CompletionKind::Keyword,
        detail: None,
        snippet: None,
    }));
    out.extend(SNIPPETS.iter().map(|(label, body, what)| Completion {
        label: label.to_string(),
        kind: CompletionKind::Snippet,
        detail: Some(what.to_string()),
        snippet: Some(body.to_string()),
    }));
    dedup_by_label(out)
}

/// The first proposal for each label and kind (inner scopes first).
fn dedup_by_label(list: Vec<Completion>) -> Vec<Completion> {
    let mut seen = std::collections::HashSet::new();
    list.into_iter()
        .filter(|c| seen.insert((c.label.clone(), c.kind)))
        .collect()
}

/// The `.` just before the cursor or before the name being typed.
fn dot_before(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    let token = super::token_at_offset(root, offset).left_biased()?;
    let dot = match token.kind() {
        SyntaxKind::DOT => token,
        SyntaxKind::IDENT => token.prev_token().filter(|t| t.kind() == SyntaxKind::DOT)?,
        _ => return None,
    };
    let before = dot.prev_token()?;
    (before.kind() == SyntaxKind::IDENT).then_some(dot)
}

/// Members of the module, or fields of the record, before `dot`.
fn after_dot(db: &dyn Db, file: File, dot: &SyntaxToken) -> Vec<Completion> {
    let mut out = Vec::new();
    let Some((item, start)) = item_at(db, file, dot.text_range().start()) else {
        return out;
    };
    let before = visible_before(db, item);
    let prelude = Prelude::builtin().env();
    let envs: [&ModEnv; 2] = [before.visible(), &prelude];
    let name = dot.prev_token().expect("checked by dot_before");
    if let Some(env) = module_path_env(&name, &envs) {
        env_members(&env, &mut out);
        return out;
    }
    let analysis = item_analysis(db, item);
    let relative = name.text_range().start() - start;
    let ty = analysis
        .uses
        .iter()
        .find(|u| u.range.start() == relative)
        .and_then(|u| match &u.target {
            NameTarget::Local { def } => def.and_then(|d| analysis.types.get(&d).cloned()),
            NameTarget::Global { scheme, .. } => Some(scheme.ty.clone()),
        });
    if let Some(Type::Record(fields)) = ty {
        fields_of(&fields, &mut out);
    }
    out
}

fn fields_of(fields: &BTreeMap<String, Type>, out: &mut Vec<Completion>) {
    out.extend(fields.iter().map(|(name, ty)| Completion {
        label: name.clone(),
        kind: CompletionKind::Field,
        detail: Some(ty.to_string()),
        snippet: None,
    }));
}

/// The values, types and modules of an environment, sorted by name.
fn env_members(env: &ModEnv, out: &mut Vec<Completion>) {
    let mut found: Vec<Completion> = Vec::new();
    found.extend(env.values.iter().map(|(name, value)| Completion {
        label: name.to_string(),
        kind: if matches!(value.scheme.ty, Type::Arrow { .. }) {
            CompletionKind::Function
        } else {
            CompletionKind::Variable
        },
        detail: Some(render::value(name, &value.scheme)),
        snippet: None,
    }));
    found.extend(env.types.iter().map(|(name, def)| Completion {
        label: name.to_string(),
        kind: CompletionKind::Type,
        detail: Some(render::type_def(name, def)),
        snippet: None,
    }));
    found.extend(env.modules.iter().map(|(name, module)| Completion {
        label: name.to_string(),
        kind: CompletionKind::Module,
        detail: Some(match module {
            Module::Struct(_) => format!("module {name}"),
            Module::Functor(_) => format!("module {name} (parametric)"),
        }),
        snippet: None,
    }));
    found.sort_by(|a, b| (&a.label, a.kind).cmp(&(&b.label, b.kind)));
    out.extend(found);
}

/// The variables bound around `offset` in `tree` (a declaration's own
/// tree, as `analysis` is of): each binding whose scope (the nearest
/// enclosing binding construct) contains the cursor, innermost first.
///
/// One walk of the tree before the cursor finds them, keeping the binding
/// constructs it is inside, and skipping those that do not contain the
/// cursor (what they bind is out of scope there): linear in the
/// declaration, however long its chain of `let`s.
fn locals_in_scope(
    tree: &SyntaxNode,
    analysis: &runic_sema::DeclAnalysis,
    offset: TextSize,
    out: &mut Vec<Completion>,
) {
    // Where each binding's name starts.
    let mut bindings: FxHashMap<TextSize, &runic_sema::NameUse> = analysis
        .uses
        .iter()
        .filter(|binding| {
            matches!(binding.target, NameTarget::Local { def: Some(def) }
                if def == binding.range && def.end() <= offset)
        })
        .map(|binding| (binding.range.start(), binding))
        .collect();
    let mut found: Vec<(TextSize, Completion)> = Vec::new();
    let mut scopes: Vec<SyntaxNode> = Vec::new();
    let mut walk = tree.preorder_with_tokens();
    while let Some(event) = walk.next() {
        match event {
            WalkEvent::Enter(NodeOrToken::Node(node)) => {
                let range = node.text_range();
                if range.start() >= offset && !range.is_empty() {
                    walk.skip_subtree();
                } else if is_binding_scope(node.kind()) {
                    if range.contains_inclusive(offset) {
                        scopes.push(node);
                    } else {
                        walk.skip_subtree();
                    }
                }
            }
            WalkEvent::Leave(NodeOrToken::Node(node)) => {
                if scopes.last() == Some(&node) {
                    scopes.pop();
                }
            }
            WalkEvent::Enter(NodeOrToken::Token(token)) => {
                if scopes.is_empty() {
                    continue;
                }
                let Some(binding) = bindings.remove(&token.text_range().start()) else {
                    continue;
                };
                let ty = analysis.types.get(&binding.range);
                found.push((
                    binding.range.start(),
                    Completion {
                        label: binding.name.clone(),
                        kind: match ty {
                            Some(Type::Arrow { .. }) => CompletionKind::Function,
                            _ => CompletionKind::Variable,
                        },
                        detail: ty.map(|t| t.to_string()),
                        snippet: None,
                    },
                ));
            }
            WalkEvent::Leave(NodeOrToken::Token(_)) => {}
        }
    }
    found.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    out.extend(found.into_iter().map(|(_, c)| c));
}

/// Whether names bound in a node of `kind` are visible in its body.
fn is_binding_scope(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        LET_EXPR | LET_FUN_EXPR | LAMBDA_EXPR | LOOP_EXPR | MATCH_CASE | VALUE_DECL
    )
}
