//! Go to definition, go to type definition, find references and
//! document highlights.
//!
//! References compare definition places: two occurrences refer to the
//! same thing when their symbols' definitions are the same [`Place`].
//! Locals are searched in their own declaration only; globals, types and
//! modules in every item of every workspace file.

use runic_sema::types::{Type, TypeArg};
use runic_syntax::{SyntaxKind, TextRange, TextSize};

use super::docs::decl_name;
use super::{
    files_from, item_analysis, named_place, symbol_at, value_symbol, Occurrence, Place, Symbol,
};
use crate::items::{item_tree, items};
use crate::{parse, Db, File};

/// Where the symbol at `offset` is defined.
pub fn definition(db: &dyn Db, file: File, offset: TextSize) -> Option<Place> {
    let occurrence = symbol_at(db, file, offset)?;
    definition_of(db, file, &occurrence.symbol)
}

fn definition_of(db: &dyn Db, file: File, symbol: &Symbol) -> Option<Place> {
    match symbol {
        Symbol::Local { def, .. } | Symbol::Global { def, .. } => def.clone(),
        Symbol::Type { name, .. } => named_place(db, file, name, false),
        Symbol::Module { name, .. } => named_place(db, file, name, true),
    }
}

/// Where the type of the symbol at `offset` is defined (the first named
/// type in it: `t` for `[n]t`).
pub fn type_definition(db: &dyn Db, file: File, offset: TextSize) -> Option<Place> {
    let occurrence = symbol_at(db, file, offset)?;
    let (ty, def) = match &occurrence.symbol {
        Symbol::Local { ty, def, .. } => (ty.clone()?, def.clone()),
        Symbol::Global { scheme, def, .. } => (result_type(&scheme.ty).clone(), def.clone()),
        Symbol::Type { name, .. } => return named_place(db, file, name, false),
        Symbol::Module { .. } => return None,
    };
    // Type abbreviations are expanded in types: their names survive only
    // in the annotation written at the definition.
    let name = first_named(&ty).or_else(|| def.and_then(|d| annotated_type_name(db, &d)))?;
    match name.rsplit_once('.') {
        Some((modules, last)) => member_type_place(db, file, modules, last),
        None => named_place(db, file, &name, false),
    }
}

/// The type name written in the annotation of the binding (`p: point`)
/// or the return type (`def f ... : point`) whose name is at `def`.
fn annotated_type_name(db: &dyn Db, def: &Place) -> Option<String> {
    let Place::File { path, range } = def else {
        return None;
    };
    let file = *db.source_root()?.files(db).get(path)?;
    let root = parse(db, file).syntax();
    let token = super::token_at_offset(&root, range.start()).right_biased()?;
    let annotation = token.parent_ancestors().find_map(|n| match n.kind() {
        SyntaxKind::TYPED_PAT => n.children().find(|c| !c.kind().is_pattern()),
        SyntaxKind::VALUE_DECL => n.children().find(|c| c.kind() == SyntaxKind::RET_TYPE),
        _ => None,
    })?;
    let path = annotation
        .descendants()
        .find(|n| n.kind() == SyntaxKind::PATH)?;
    Some(path.text().to_string())
}

/// The result of a function type after all its parameters.
fn result_type(ty: &Type) -> &Type {
    match ty {
        Type::Arrow { ret, .. } => result_type(ret),
        other => other,
    }
}

fn first_named(ty: &Type) -> Option<String> {
    match ty {
        Type::Named { name, .. } => Some(name.clone()),
        Type::Array { elem, .. } => first_named(elem),
        Type::Record(fields) => fields.values().find_map(first_named),
        Type::Sum(cases) => cases.values().flatten().find_map(first_named),
        Type::Arrow { param, ret, .. } => first_named(param).or_else(|| first_named(ret)),
        Type::Prim(_) | Type::Var(_) => None,
    }
    .or_else(|| match ty {
        Type::Named { args, .. } => args.iter().find_map(|a| match a {
            TypeArg::Type(t) => first_named(t),
            TypeArg::Size(_) => None,
        }),
        _ => None,
    })
}

/// Every occurrence (definition included) of the symbol at `offset`, in
/// the workspace, as places.
pub fn references(db: &dyn Db, file: File, offset: TextSize) -> Vec<Place> {
    let Some(occurrence) = symbol_at(db, file, offset) else {
        return Vec::new();
    };
    let Some(target) = definition_of(db, file, &occurrence.symbol) else {
        return Vec::new();
    };
    let files: Vec<File> = match (&occurrence.symbol, db.source_root()) {
        (Symbol::Local { .. }, _) | (_, None) => vec![file],
        (_, Some(root)) => root.files(db).values().copied().collect(),
    };
    let mut out = Vec::new();
    for f in files {
        out.extend(
            occurrences_in(db, f, &occurrence, &target)
                .into_iter()
                .map(|range| Place::File {
                    path: f.path(db).clone(),
                    range,
                }),
        );
    }
    if matches!(target, Place::File { .. }) && !out.contains(&target) {
        out.push(target);
    }
    out.sort_by_key(|p| match p {
        Place::File { path, range } => (path.clone(), range.start()),
        Place::Prelude { range, .. } => (String::new(), range.start()),
    });
    out.dedup();
    out
}

/// The occurrences of the symbol at `offset` in its own file (for
/// document highlights).
pub fn highlights_at(db: &dyn Db, file: File, offset: TextSize) -> Vec<TextRange> {
    let Some(occurrence) = symbol_at(db, file, offset) else {
        return Vec::new();
    };
    let Some(target) = definition_of(db, file, &occurrence.symbol) else {
        return vec![occurrence.range];
    };
    let mut ranges = occurrences_in(db, file, &occurrence, &target);
    if let Place::File { path, range } = &target {
        if path == file.path(db) && !ranges.contains(range) {
            ranges.push(*range);
        }
    }
    ranges.sort_by_key(|r| r.start());
    ranges
}

/// The ranges in `file` of names that refer to `target`: value names
/// through the checker's record; type and module names by their text,
/// checked one by one.
fn occurrences_in(
    db: &dyn Db,
    file: File,
    occurrence: &Occurrence,
    target: &Place,
) -> Vec<TextRange> {
    match &occurrence.symbol {
        Symbol::Local { name, .. } | Symbol::Global { name, .. } => {
            value_occurrences(db, file, name, target)
        }
        Symbol::Type { name, .. } | Symbol::Module { name, .. } => {
            text_occurrences(db, file, name, target)
        }
    }
}

fn value_occurrences(db: &dyn Db, file: File, name: &str, target: &Place) -> Vec<TextRange> {
    let tree = item_tree(db, file);
    let mut out = Vec::new();
    for (item, data) in items(db, file).into_iter().zip(tree.items()) {
        let start = data.range.start();
        let analysis = item_analysis(db, item);
        for found in analysis.uses.iter().filter(|u| u.name == name) {
            let symbol = value_symbol(db, file, item, start, &analysis, found);
            if definition_of(db, file, &symbol).as_ref() == Some(target) {
                out.push(found.range + start);
            }
        }
    }
    out
}

fn text_occurrences(db: &dyn Db, file: File, name: &str, target: &Place) -> Vec<TextRange> {
    let root = parse(db, file).syntax();
    root.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == SyntaxKind::IDENT && t.text() == name)
        .filter(|t| {
            symbol_at(db, file, t.text_range().start())
                .and_then(|o| definition_of(db, file, &o.symbol))
                .as_ref()
                == Some(target)
        })
        .map(|t| t.text_range())
        .collect()
}

/// Where type `name` of the module `modules` (a dotted path) is declared
/// or specified, searching the module declarations of the workspace.
fn member_type_place(db: &dyn Db, file: File, modules: &str, name: &str) -> Option<Place> {
    let module = modules.rsplit('.').next().unwrap_or(modules);
    files_from(db, file).find_map(|f| {
        let root = parse(db, f).syntax();
        let decl = root
            .descendants()
            .filter(|n| n.kind() == SyntaxKind::MODULE_DECL)
            .find(|n| decl_name(n).is_some_and(|(m, _)| m == module))?;
        let range = decl
            .descendants()
            .filter(|n| matches!(n.kind(), SyntaxKind::TYPE_DECL | SyntaxKind::TYPE_SPEC))
            .filter_map(|n| decl_name(&n))
            .find(|(t, _)| t == name)?
            .1;
        Some(Place::File {
            path: f.path(db).clone(),
            range,
        })
    })
}
