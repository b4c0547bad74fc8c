//! The shipped prelude as files a client can open: go-to-definition into
//! the prelude answers with `file://` locations in a cache folder,
//! `$XDG_CACHE_HOME/runic/prelude-VERSION/` (else `~/.cache/...`, else the
//! temporary folder), where the prelude's sources are written once per
//! process, read-only. Plain files work in every client, with no custom
//! URI scheme to teach each editor.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use runic_queries::ide::prelude_sources;
use tower_lsp::lsp_types::Url;

/// The URI of prelude file `name` (without `.fut`), written on first use;
/// `None` if no folder could be written.
pub fn uri(name: &str) -> Option<Url> {
    let folder = folder()?;
    Url::from_file_path(folder.join(format!("{name}.fut"))).ok()
}

/// Whether `uri` is one of the prelude copies this server writes (no
/// file is written to answer).
pub fn is_prelude(uri: &Url) -> bool {
    uri.to_file_path()
        .is_ok_and(|path| path.starts_with(folder_path()))
}

/// The folder, with the prelude written to it.
fn folder() -> Option<&'static Path> {
    static WRITTEN: OnceLock<bool> = OnceLock::new();
    WRITTEN
        .get_or_init(|| write_all(folder_path()))
        .then(folder_path)
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

/// Writes every prelude file (unless an identical copy is there);
/// whether that worked.
fn write_all(folder: &Path) -> bool {
    let written = std::fs::create_dir_all(folder).and_then(|()| {
        for (name, text) in prelude_sources() {
            write_read_only(&folder.join(format!("{name}.fut")), text)?;
        }
        Ok(())
    });
    if let Err(error) = &written {
        eprintln!("runic lsp: cannot write the prelude to {folder:?}: {error}");
    }
    written.is_ok()
}

fn write_read_only(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    if let Ok(metadata) = std::fs::metadata(path) {
        let mut permissions = metadata.permissions();
        #[allow(clippy::permissions_set_readonly_false)]
        permissions.set_readonly(false);
        std::fs::set_permissions(path, permissions)?;
    }
    std::fs::write(path, text)?;
    let mut permissions = std::fs::metadata(path)?.permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(path, permissions)
}
