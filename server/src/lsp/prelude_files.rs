//! The shipped prelude as files a client can open: go-to-definition into
//! the prelude answers with `file://` locations in a cache folder,
//! `$XDG_CACHE_HOME/runic/prelude-VERSION/` (else `~/.cache/...`, else the
//! temporary folder). Plain files work in every client, with no custom
//! URI scheme to teach each editor.
//!
//! A file is checked each time a location in it is given out: when it is
//! missing, changed or not a plain file (someone deleted the cache, or
//! planted a link), it is written again, read-only, as a new file in the
//! folder renamed over the old name, so a link there is replaced, never
//! followed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use runic_queries::ide::prelude_source;
use tower_lsp::lsp_types::Url;

/// The URI of prelude file `name` (without `.fut`), written if needed;
/// `None` if it could not be written.
pub fn uri(name: &str) -> Option<Url> {
    let text = prelude_source(name)?;
    let path = folder_path().join(format!("{name}.fut"));
    if let Err(error) = ensure(&path, text) {
        eprintln!("runic lsp: cannot write the prelude file {path:?}: {error}");
        return None;
    }
    Url::from_file_path(path).ok()
}

/// Whether `uri` is one of the prelude copies this server writes (no
/// file is written to answer).
pub fn is_prelude(uri: &Url) -> bool {
    uri.to_file_path()
        .is_ok_and(|path| path.starts_with(folder_path()))
}

/// `.../runic/prelude-VERSION` under the cache folder.
fn folder_path() -> &'static Path {
    static FOLDER: OnceLock<PathBuf> = OnceLock::new();
    FOLDER.get_or_init(|| {
        cache_root()
            .join("runic")
            .join(format!("prelude-{}", env!("CARGO_PKG_VERSION")))
    })
}

fn cache_root() -> PathBuf {
    let home = std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache"));
    std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or(home)
        .unwrap_or_else(std::env::temp_dir)
}

/// Makes `path` a plain read-only file holding `text`, unless it is one.
fn ensure(path: &Path, text: &str) -> std::io::Result<()> {
    let plain = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file());
    if plain && std::fs::read(path).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(());
    }
    let folder = path.parent().expect("a file in a folder");
    std::fs::create_dir_all(folder)?;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let fresh = folder.join(format!(".{name}.{}-{n}.new", std::process::id()));
    // `create_new` refuses an existing name, a link included.
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&fresh)
        .and_then(|mut file| {
            file.write_all(text.as_bytes())?;
            let mut permissions = file.metadata()?.permissions();
            permissions.set_readonly(true);
            file.set_permissions(permissions)
        })
        .and_then(|()| std::fs::rename(&fresh, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&fresh);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_changed_and_linked_files_are_written_again() {
        let folder =
            std::env::temp_dir().join(format!("runic-prelude-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        let path = folder.join("sub").join("soacs.fut");
        ensure(&path, "new text").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new text");
        // Deleted: written again.
        std::fs::remove_dir_all(&folder).unwrap();
        ensure(&path, "new text").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new text");
        // A link planted there is replaced; its target stays as it was.
        #[cfg(unix)]
        {
            let target = folder.join("victim.txt");
            std::fs::write(&target, "precious").unwrap();
            let mut permissions = std::fs::metadata(&path).unwrap().permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            permissions.set_readonly(false);
            std::fs::set_permissions(&path, permissions).unwrap();
            std::fs::remove_file(&path).unwrap();
            std::os::unix::fs::symlink(&target, &path).unwrap();
            ensure(&path, "new text").unwrap();
            assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
            assert!(std::fs::symlink_metadata(&path)
                .unwrap()
                .file_type()
                .is_file());
            assert_eq!(std::fs::read_to_string(&path).unwrap(), "new text");
        }
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["soacs.fut"], "no temporary file left");
        let _ = std::fs::remove_dir_all(&folder);
    }
}
