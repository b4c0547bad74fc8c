//! Reading the program a command works on into the database.
//!
//! All file IO of the command line goes through here: the file's text is read
//! once and handed to a [`Workspace`]; everything else is a query.

use std::path::Path;

use runic_queries::{File, Workspace};

use super::CliError;

/// A workspace holding the one file a command works on.
pub struct Program {
    pub workspace: Workspace,
    pub file: File,
    /// The name to show in diagnostics: the path as the user wrote it.
    pub name: String,
}

impl Program {
    /// Reads `path` as UTF-8 text into a fresh workspace.
    pub fn load(path: &Path) -> Result<Program, CliError> {
        let name = path.display().to_string();
        let text = read_text(path, &name)?;
        let mut workspace = Workspace::new();
        let file = workspace.set_text(&name, text);
        // A missing import is left for the checker to report.
        workspace.load_imports(&name, |path| std::fs::read_to_string(path).ok());
        Ok(Program {
            workspace,
            file,
            name,
        })
    }

    /// The file's text.
    pub fn text(&self) -> &str {
        self.file.text(self.workspace.db())
    }
}

/// The contents of `path`; any failure is a [`CliError::Unreadable`].
pub(super) fn read_text(path: &Path, name: &str) -> Result<String, CliError> {
    let unreadable = |reason: String| CliError::Unreadable {
        path: name.to_string(),
        reason,
    };
    let bytes = read_source(path).map_err(|error| match error {
        SourceError::Io(error) => unreadable(io_reason(&error)),
        SourceError::Nul(offset) => unreadable(format!(
            "the file is not text (a NUL byte at offset {offset})"
        )),
    })?;
    String::from_utf8(bytes).map_err(|error| {
        unreadable(format!(
            "the file is not valid UTF-8 (invalid byte at offset {})",
            error.utf8_error().valid_up_to()
        ))
    })
}

enum SourceError {
    Io(std::io::Error),
    Nul(usize),
}

/// The bytes of a source file, read in chunks: a NUL byte, which no
/// program contains, stops the reading (`/dev/zero` is endless).
fn read_source(path: &Path) -> Result<Vec<u8>, SourceError> {
    use std::io::Read;
    let mut file = std::fs::File::open(path).map_err(SourceError::Io)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(SourceError::Io(std::io::ErrorKind::IsADirectory.into()));
    }
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match file.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(SourceError::Io(e)),
        };
        if let Some(i) = chunk[..n].iter().position(|&b| b == 0) {
            return Err(SourceError::Nul(bytes.len() + i));
        }
        bytes.extend_from_slice(&chunk[..n]);
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
