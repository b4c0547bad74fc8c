//! Completion: after `M.` the members of module `M`; after `r.` the
//! fields of the record `r`; elsewhere the names in scope (the locals
//! bound around the cursor, the file's and imports' definitions, the
//! prelude) with their types, the keywords, and snippets for `loop`,
//! `match` and `def`.

use std::collections::{BTreeMap, HashSet};

use runic_sema::env::{ModEnv, Module};
use runic_sema::types::Type;
use runic_sema::{DeclState, NameTarget, Prelude};
use runic_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextSize};

use super::{item_analysis, item_at, module_path_env, render, visible_before};
use crate::items::Item;
use crate::items::{item_tree, items};
use crate::semantic::{item_before, item_state, walk_states_before};
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

/// The completions at `offset` of `file`.
pub fn completions(db: &dyn Db, file: File, offset: TextSize) -> Vec<Completion> {
    let root = parse(db, file).syntax();
    if offset > root.text_range().end() {
        return Vec::new();
    }
    if let Some(dot) = dot_before(&root, offset) {
        return after_dot(db, file, &dot);
    }
    let mut out = Vec::new();
    let in_item = item_at(db, file, offset);
    if let Some((item, start)) = in_item {
        locals_in_scope(&root, &item_analysis(db, item), start, offset, &mut out);
    }
    // The declaration whose state the cursor sees.
    let before = match in_item {
        Some((item, _)) => item_before(db, item),
        None => items(db, file)
            .into_iter()
            .zip(item_tree(db, file).items())
            .take_while(|(_, data)| data.range.end() <= offset)
            .last()
            .map(|(item, _)| item),
    };
    let out = dedup_by_label(out);
    let locals: HashSet<(&str, CompletionKind)> =
        out.iter().map(|c| (c.label.as_str(), c.kind)).collect();
    let members: Vec<Completion> = {
        let shadowed = |c: &&Completion| locals.contains(&(c.label.as_str(), c.kind));
        match before {
            Some(item) => {
                walk_states_before(db, item);
                members_after(db, item)
                    .iter()
                    .filter(|c| !shadowed(c))
                    .cloned()
                    .collect()
            }
            None => scope_members(DeclState::default().visible())
                .into_iter()
                .filter(|c| !shadowed(&c))
                .collect(),
        }
    };
    let mut out = out;
    out.extend(members);
    out
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
    let token = root.token_at_offset(offset).left_biased()?;
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

/// The variables bound around `offset`: each binding whose scope (the
/// nearest enclosing binding construct) contains the cursor, innermost
/// first.
fn locals_in_scope(
    root: &SyntaxNode,
    analysis: &runic_sema::DeclAnalysis,
    start: TextSize,
    offset: TextSize,
    out: &mut Vec<Completion>,
) {
    let mut found: Vec<(TextSize, Completion)> = Vec::new();
    for binding in &analysis.uses {
        let NameTarget::Local { def: Some(def) } = binding.target else {
            continue;
        };
        if def != binding.range {
            continue;
        }
        let def = def + start;
        let Some(scope) = binding_scope(root, def.start()) else {
            continue;
        };
        if def.end() <= offset && scope.text_range().contains_inclusive(offset) {
            let ty = analysis.types.get(&binding.range);
            found.push((
                def.start(),
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
    }
    found.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    out.extend(found.into_iter().map(|(_, c)| c));
}

/// The construct whose body a name bound at `at` is visible in.
fn binding_scope(root: &SyntaxNode, at: TextSize) -> Option<SyntaxNode> {
    use SyntaxKind::*;
    let token = root.token_at_offset(at).right_biased()?;
    token.parent_ancestors().find(|n| {
        matches!(
            n.kind(),
            LET_EXPR | LET_FUN_EXPR | LAMBDA_EXPR | LOOP_EXPR | MATCH_CASE | VALUE_DECL
        )
    })
}
