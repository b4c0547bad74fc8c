//! Where packages come from: a package path's releases (its `vX.Y.Z` tags
//! and their commits) and the zip archive of one release, over HTTP(S).
//!
//! `github.com/USER/REPO` lists its tags at
//! `https://api.github.com/repos/USER/REPO/tags` and has archives at
//! `https://github.com/USER/REPO/archive/refs/tags/vX.Y.Z.zip`;
//! `gitlab.com/USER/REPO` likewise through GitLab's API. With the
//! environment variable `RUNIC_PKG_REGISTRY=URL` set, every package path
//! `PATH` (without its `@MAJOR`) is looked up there instead: the tags at
//! `URL/PATH/tags` (GitHub's JSON: `[{"name": "v1.0.0", "commit": {"sha":
//! "..."}}]`) and the archives at `URL/PATH/archive/vX.Y.Z.zip` (or
//! `COMMIT.zip` for a pseudo-version `0.0.0-TIME+COMMIT`); the tests serve
//! a registry on the loopback address this way. `RUNIC_PKG_TIMEOUT` sets
//! how many seconds a connection or a read may wait (default 30).

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use semver::Version;

use super::manifest::{split_major, version_fits, Manifest};

/// The most bytes an archive may have, compressed or not.
const ARCHIVE_LIMIT: u64 = 512 << 20;

/// A release of a package: its version and the commit it tags.
#[derive(Debug, Clone)]
pub struct Release {
    pub version: Version,
    pub hash: String,
}

/// The HTTP client and where it looks.
pub struct Registry {
    agent: ureq::Agent,
    /// `RUNIC_PKG_REGISTRY`, without a final `/`.
    base: Option<String>,
}

impl Registry {
    pub fn from_env() -> Registry {
        let seconds = std::env::var("RUNIC_PKG_TIMEOUT")
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| *s > 0.0)
            .unwrap_or(30.0);
        let wait = Duration::from_secs_f64(seconds);
        let agent = ureq::AgentBuilder::new()
            .timeout_connect(wait)
            .timeout_read(wait)
            .timeout_write(wait)
            .user_agent(concat!("runic-pkg/", env!("CARGO_PKG_VERSION")))
            .build();
        let base = std::env::var("RUNIC_PKG_REGISTRY")
            .ok()
            .filter(|b| !b.is_empty())
            .map(|b| b.trim_end_matches('/').to_string());
        Registry { agent, base }
    }

    /// The URL of the tag list and of a release's archive.
    fn urls(&self, path: &str, version: &Version) -> Result<(String, String), String> {
        let (repo, _) = split_major(path)?;
        // A pseudo-version names its commit; a release its tag.
        let reference = if version.pre.is_empty() {
            format!("v{version}")
        } else {
            version.build.to_string()
        };
        if let Some(base) = &self.base {
            return Ok((
                format!("{base}/{repo}/tags"),
                format!("{base}/{repo}/archive/{reference}.zip"),
            ));
        }
        let parts: Vec<&str> = repo.splitn(3, '/').collect();
        match parts.as_slice() {
            ["github.com", user, name] => Ok((
                format!("https://api.github.com/repos/{user}/{name}/tags?per_page=100"),
                if version.pre.is_empty() {
                    format!("https://github.com/{user}/{name}/archive/refs/tags/{reference}.zip")
                } else {
                    format!("https://github.com/{user}/{name}/archive/{reference}.zip")
                },
            )),
            ["gitlab.com", user, name] => Ok((
                format!(
                    "https://gitlab.com/api/v4/projects/{user}%2F{}/repository/tags?per_page=100",
                    name.replace('/', "%2F")
                ),
                format!(
                    "https://gitlab.com/{user}/{name}/-/archive/{reference}/{}-{reference}.zip",
                    name.rsplit('/').next().unwrap_or(name)
                ),
            )),
            _ => Err(format!(
                "cannot fetch {path}: only github.com and gitlab.com packages are supported \
                 (or set RUNIC_PKG_REGISTRY)"
            )),
        }
    }

    fn get(&self, url: &str, what: &str) -> Result<Vec<u8>, String> {
        let response = self.agent.get(url).call().map_err(|e| match e {
            ureq::Error::Status(404, _) => format!("{what}: not found ({url})"),
            ureq::Error::Status(code, _) => format!("{what}: the server answered {code} ({url})"),
            ureq::Error::Transport(t) => format!("{what}: {t}"),
        })?;
        let mut bytes = Vec::new();
        response
            .into_reader()
            .take(ARCHIVE_LIMIT + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("{what}: {e} ({url})"))?;
        if bytes.len() as u64 > ARCHIVE_LIMIT {
            return Err(format!("{what}: more than {ARCHIVE_LIMIT} bytes ({url})"));
        }
        Ok(bytes)
    }

    /// The releases of a package whose major version fits its path,
    /// oldest first.
    pub fn releases(&self, path: &str) -> Result<Vec<Release>, String> {
        let (url, _) = self.urls(path, &Version::new(0, 0, 0))?;
        let body = self.get(&url, &format!("cannot list the versions of {path}"))?;
        let tags: serde_json::Value = serde_json::from_slice(&body)
            .map_err(|e| format!("cannot list the versions of {path}: bad tag list ({e})"))?;
        let Some(tags) = tags.as_array() else {
            return Err(format!(
                "cannot list the versions of {path}: the tag list is not a JSON array"
            ));
        };
        let mut releases: Vec<Release> = tags
            .iter()
            .filter_map(|tag| {
                let name = tag.get("name")?.as_str()?;
                let version = Version::parse(name.strip_prefix('v')?).ok()?;
                let commit = tag.get("commit")?;
                let hash = commit.get("sha").or_else(|| commit.get("id"))?.as_str()?;
                Some(Release {
                    version,
                    hash: hash.to_string(),
                })
            })
            .filter(|r| r.version.pre.is_empty() && version_fits(path, &r.version))
            .collect();
        releases.sort_by(|a, b| a.version.cmp(&b.version));
        releases.dedup_by(|a, b| a.version == b.version);
        Ok(releases)
    }

    /// The release `version` of a package, checked to exist (and, for a
    /// pseudo-version, taken from the commit it names).
    pub fn release(&self, path: &str, version: &Version) -> Result<Release, String> {
        if !version_fits(path, version) {
            return Err(format!(
                "{path} cannot have version {version}: its major version must be {}",
                match split_major(path) {
                    Ok((_, Some(major))) => major.to_string(),
                    _ => "0 or 1 (a later major version has `@MAJOR` in the package path)".into(),
                }
            ));
        }
        if !version.pre.is_empty() {
            return Ok(Release {
                version: version.clone(),
                hash: version.build.to_string(),
            });
        }
        self.releases(path)?
            .into_iter()
            .find(|r| r.version == *version)
            .ok_or_else(|| format!("package {path} has no version {version}"))
    }

    /// The archive of a release.
    pub fn archive(&self, path: &str, version: &Version) -> Result<Archive, String> {
        let (_, url) = self.urls(path, version)?;
        let what = format!("cannot download {path} {version}");
        let bytes = self.get(&url, &what)?;
        Archive::read(&bytes).map_err(|e| format!("{what}: {e}"))
    }
}

/// The files of a release's archive, relative to the repository's root
/// (the archive's one top folder taken away).
pub struct Archive {
    files: BTreeMap<PathBuf, Vec<u8>>,
}

impl Archive {
    /// Reads a zip archive; entries that would leave the folder they are
    /// unpacked in are refused.
    pub fn read(bytes: &[u8]) -> Result<Archive, String> {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
            .map_err(|e| format!("not a valid zip archive ({e})"))?;
        let mut files = BTreeMap::new();
        let mut total = 0u64;
        for i in 0..zip.len() {
            let mut entry = zip
                .by_index(i)
                .map_err(|e| format!("bad zip entry {i} ({e})"))?;
            if entry.is_dir() {
                continue;
            }
            let Some(name) = entry.enclosed_name() else {
                return Err(format!(
                    "the entry `{}` would be written outside the package",
                    entry.name()
                ));
            };
            let mut data = Vec::new();
            (&mut entry)
                .take(ARCHIVE_LIMIT - total + 1)
                .read_to_end(&mut data)
                .map_err(|e| format!("cannot unpack `{}` ({e})", name.display()))?;
            total += data.len() as u64;
            if total > ARCHIVE_LIMIT {
                return Err(format!("unpacks to more than {ARCHIVE_LIMIT} bytes"));
            }
            files.insert(name, data);
        }
        // The archives of code hosts hold one folder, `REPO-VERSION/`.
        let top: Vec<Option<Component>> = files.keys().map(|p| p.components().next()).collect();
        let common = top.first().copied().flatten().filter(|first| {
            top.iter().all(|t| *t == Some(*first))
                && files.keys().all(|p| p.components().count() > 1)
        });
        if let Some(Component::Normal(root)) = common {
            let root = PathBuf::from(root);
            files = files
                .into_iter()
                .map(|(p, d)| (p.strip_prefix(&root).expect("common root").to_path_buf(), d))
                .collect();
        }
        Ok(Archive { files })
    }

    /// The release's own `futhark.pkg`.
    pub fn manifest(&self) -> Result<Manifest, String> {
        let bytes = self
            .files
            .get(Path::new("futhark.pkg"))
            .ok_or("the archive has no futhark.pkg")?;
        let text = std::str::from_utf8(bytes).map_err(|_| "futhark.pkg is not UTF-8")?;
        Manifest::parse(text)
    }

    /// The files of the package folder `lib/PACKAGE/` (with `PACKAGE` from
    /// the release's `futhark.pkg`), relative to that folder.
    pub fn package_files(&self) -> Result<Vec<(&Path, &[u8])>, String> {
        let manifest = self.manifest()?;
        let package = manifest
            .package
            .ok_or("its futhark.pkg names no package (`package PATH`)")?;
        let folder = Path::new("lib").join(&package);
        let files: Vec<(&Path, &[u8])> = self
            .files
            .iter()
            .filter_map(|(p, d)| Some((p.strip_prefix(&folder).ok()?, d.as_slice())))
            .collect();
        if files.is_empty() {
            return Err(format!("the archive has no files in lib/{package}/"));
        }
        Ok(files)
    }
}
