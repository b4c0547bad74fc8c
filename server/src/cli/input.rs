//! Reading the program a command works on.
//!
//! All file IO of the command line goes through here, so the compiler crates
//! only ever see text.

use std::path::Path;

use super::CliError;

/// A program file: the name to show in diagnostics and its text.
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

impl SourceFile {
    /// Reads `path` as UTF-8 text; any failure is a [`CliError::Unreadable`].
    pub fn read(path: &Path) -> Result<SourceFile, CliError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|error| CliError::Unreadable {
            path: name.clone(),
            reason: io_reason(&error),
        })?;
        let text = String::from_utf8(bytes).map_err(|error| CliError::Unreadable {
            path: name.clone(),
            reason: format!(
                "the file is not valid UTF-8 (invalid byte at offset {})",
                error.utf8_error().valid_up_to()
            ),
        })?;
        Ok(SourceFile { name, text })
    }
}

/// A short human reason for an IO error, without the `(os error N)` suffix.
fn io_reason(error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::IsADirectory => "it is a directory".to_string(),
        _ => error.to_string(),
    }
}
