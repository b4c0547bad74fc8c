//! Rename: every occurrence of the symbol under the cursor, refused with
//! a message when the new name is not a name of the same sort (identifier
//! or operator) or could change what another name means.
//!
//! The clash test is conservative: a local may not take a name that any
//! name of its declaration already has; a global may not take a name that
//! is defined or used in a file where it occurs.

use runic_syntax::lexer::lex;
use runic_syntax::{SyntaxKind, TextSize};

use super::navigation::{definition, references};
use super::{item_analysis, symbol_at, Place, Symbol};
use crate::items::items;
use crate::semantic::file_exports;
use crate::{Db, File};

/// The places to rewrite to `new_name`, or why the rename is refused.
pub fn rename(
    db: &dyn Db,
    file: File,
    offset: TextSize,
    new_name: &str,
) -> Result<Vec<Place>, String> {
    let occurrence = symbol_at(db, file, offset).ok_or("There is no name to rename here.")?;
    let old_name = match &occurrence.symbol {
        Symbol::Local { name, .. }
        | Symbol::Global { name, .. }
        | Symbol::Type { name, .. }
        | Symbol::Module { name, .. } => name.clone(),
    };
    check_spelling(&old_name, new_name)?;
    match definition(db, file, offset) {
        Some(Place::File { .. }) => {}
        Some(Place::Prelude { .. }) => {
            return Err(format!(
                "\"{old_name}\" is defined in the prelude, which cannot be renamed."
            ))
        }
        None => return Err(format!("The definition of \"{old_name}\" is not known.")),
    }
    let places = references(db, file, offset);
    if new_name == old_name {
        return Ok(Vec::new());
    }
    check_clash(db, file, offset, &occurrence.symbol, &places, new_name)?;
    Ok(places)
}

/// The kind of the single token `text` lexes to, if it is one token.
fn single_token(text: &str) -> Option<SyntaxKind> {
    match lex(text).as_slice() {
        [token] if token.error.is_none() && token.len as usize == text.len() => Some(token.kind),
        _ => None,
    }
}

fn check_spelling(old_name: &str, new_name: &str) -> Result<(), String> {
    let wanted = single_token(old_name).unwrap_or(SyntaxKind::IDENT);
    if single_token(new_name) == Some(wanted) {
        return Ok(());
    }
    let sort = if wanted == SyntaxKind::OPERATOR {
        "an operator"
    } else {
        "an identifier (a letter or `_`, then letters, digits, `_` or `'`; not a keyword)"
    };
    Err(format!(
        "\"{new_name}\" is not a valid name here: expected {sort}."
    ))
}

fn check_clash(
    db: &dyn Db,
    file: File,
    offset: TextSize,
    symbol: &Symbol,
    places: &[Place],
    new_name: &str,
) -> Result<(), String> {
    let clash = |where_: &str| {
        Err(format!(
            "Cannot rename to \"{new_name}\": that name is already used in {where_}."
        ))
    };
    if let Symbol::Local { .. } = symbol {
        let (item, _) = super::item_at(db, file, offset).ok_or("no declaration here")?;
        if item_analysis(db, item)
            .uses
            .iter()
            .any(|u| u.name == new_name)
        {
            return clash("this declaration");
        }
        return Ok(());
    }
    let root = db.source_root();
    for place in places {
        let Place::File { path, .. } = place else {
            continue;
        };
        let Some(f) = root.and_then(|r| r.files(db).get(path).copied()) else {
            continue;
        };
        let exports = file_exports(db, f);
        let defined = exports.values.contains_key(new_name)
            || exports.types.contains_key(new_name)
            || exports.modules.contains_key(new_name);
        let used = items(db, f).into_iter().any(|item| {
            item_analysis(db, item)
                .uses
                .iter()
                .any(|u| u.name == new_name)
        });
        if defined || used {
            return clash(path);
        }
    }
    Ok(())
}
