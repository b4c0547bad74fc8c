//! Signature help: inside an application `f a b`, the type of `f` with
//! its parameters split out, and which parameter the cursor is filling.
//! Only where an argument can go: none past the last parameter, and none
//! at the start of a line indented no further than the declaration the
//! application is in (where a new declaration begins).

use runic_sema::types::Type;
use runic_syntax::{SyntaxKind, SyntaxNode, TextSize};

use super::{hover, prelude_source, symbol_at, Place, Symbol};
use crate::{parse, Db, File};

/// A signature: its label, each parameter's byte range in the label, the
/// parameter being filled, and the function's documentation (Markdown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureHelp {
    pub label: String,
    pub parameters: Vec<(usize, usize)>,
    pub active: usize,
    pub documentation: Option<String>,
}

/// The signature of the application around `offset`.
pub fn signature_help(db: &dyn Db, file: File, offset: TextSize) -> Option<SignatureHelp> {
    let root = parse(db, file).syntax();
    if offset > root.text_range().end() || offset == 0.into() {
        return None;
    }
    let (head, args) = application_at(&root, offset)?;
    if begins_declaration(file.text(db), &head, offset) {
        return None;
    }
    let occurrence = symbol_at(db, file, head.text_range().start())?;
    let (name, ty, def) = match &occurrence.symbol {
        Symbol::Global { name, scheme, def } => (name.clone(), scheme.ty.clone(), def.clone()),
        Symbol::Local { name, ty, def } => (name.clone(), ty.clone()?, def.clone()),
        _ => return None,
    };
    let params = parameters(&ty);
    if params.is_empty() {
        return None;
    }
    let filled = args
        .iter()
        .filter(|a| a.text_range().end() < offset)
        .count();
    if filled >= params.len() {
        return None;
    }
    // The parameters as written (`(x: f32)`) when the definition shows
    // them all, else their types.
    let written = def
        .and_then(|d| written_params(db, &d))
        .filter(|w| w.len() == params.len());
    let shown: Vec<String> = match written {
        Some(written) => written,
        None => params.iter().map(|p| shown_type(p)).collect(),
    };
    let mut label = format!("{name} ");
    let mut ranges = Vec::new();
    for param in &shown {
        ranges.push((label.len(), label.len() + param.len()));
        label.push_str(param);
        label.push(' ');
    }
    label.push_str(&format!(": {}", result(&ty, params.len())));
    let documentation = hover(db, file, head.text_range().start()).and_then(|h| {
        h.markdown
            .split_once("\n---\n\n")
            .map(|(_, doc)| doc.to_string())
    });
    Some(SignatureHelp {
        label,
        active: filled,
        parameters: ranges,
        documentation,
    })
}

fn shown_type(ty: &Type) -> String {
    match ty {
        Type::Arrow { .. } => format!("({ty})"),
        _ => ty.to_string(),
    }
}

/// The parameters of the definition whose name is at `def`, as written.
fn written_params(db: &dyn Db, def: &Place) -> Option<Vec<String>> {
    let root = match def {
        Place::File { path, .. } => {
            let file = *db.source_root()?.files(db).get(path)?;
            parse(db, file).syntax()
        }
        Place::Prelude { file, .. } => runic_syntax::parse(prelude_source(file)?).syntax(),
    };
    let range = match def {
        Place::File { range, .. } | Place::Prelude { range, .. } => *range,
    };
    let token = super::token_at_offset(&root, range.start()).right_biased()?;
    let decl = token
        .parent_ancestors()
        .find(|n| matches!(n.kind(), SyntaxKind::VALUE_DECL | SyntaxKind::LET_FUN_EXPR))?;
    let name = decl.children().find(|c| c.kind() == SyntaxKind::NAME)?;
    if name.text_range() != range {
        return None;
    }
    let params: Vec<String> = decl
        .children()
        .filter(|c| c.kind().is_pattern())
        .map(|p| p.text().to_string())
        .collect();
    Some(params)
}

/// The head and arguments of the application the cursor is in; a bare
/// function name followed by the cursor counts, with no arguments.
fn application_at(root: &SyntaxNode, offset: TextSize) -> Option<(SyntaxNode, Vec<SyntaxNode>)> {
    let mut token = super::token_at_offset(root, offset).left_biased()?;
    while token.kind().is_trivia() {
        token = token.prev_token()?;
    }
    let app = token
        .parent_ancestors()
        .take_while(|n| n.kind() != SyntaxKind::PAREN_EXPR || n.text_range().end() <= offset)
        .find(|n| n.kind() == SyntaxKind::APP_EXPR);
    match app {
        Some(app) => {
            let mut children = app.children();
            let head = children.next()?;
            (head.text_range().end() < offset).then(|| (head, children.collect()))
        }
        None => {
            let path = token
                .parent_ancestors()
                .find(|n| n.kind() == SyntaxKind::PATH_EXPR)?;
            (path.text_range().end() < offset).then(|| (path, Vec::new()))
        }
    }
}

/// Whether `offset` is where a new declaration would begin rather than an
/// argument of `head`'s application: only indentation before it on its
/// line, and no more than that of the line where the declaration holding
/// the application starts.
fn begins_declaration(text: &str, head: &SyntaxNode, offset: TextSize) -> bool {
    let Some(column) = indentation_before(text, usize::from(offset)) else {
        return false;
    };
    let Some(decl) = head
        .ancestors()
        .find(|n| n.kind() == SyntaxKind::VALUE_DECL)
    else {
        return false;
    };
    let decl_start = decl
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| !t.kind().is_trivia())
        .map_or(decl.text_range().start(), |t| t.text_range().start());
    let line_start = line_start(text, usize::from(decl_start));
    let indent = text[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .count();
    column <= indent
}

/// The column of `offset` when only spaces and tabs precede it on its line.
fn indentation_before(text: &str, offset: usize) -> Option<usize> {
    let before = &text[line_start(text, offset)..offset];
    before
        .chars()
        .all(|c| c == ' ' || c == '\t')
        .then(|| before.chars().count())
}

fn line_start(text: &str, offset: usize) -> usize {
    text[..offset].rfind('\n').map_or(0, |i| i + 1)
}

fn parameters(ty: &Type) -> Vec<&Type> {
    let mut out = Vec::new();
    let mut at = ty;
    while let Type::Arrow { param, ret, .. } = at {
        out.push(param.as_ref());
        at = ret;
    }
    out
}

fn result(ty: &Type, n: usize) -> &Type {
    match ty {
        Type::Arrow { ret, .. } if n > 0 => result(ret, n - 1),
        other => other,
    }
}
