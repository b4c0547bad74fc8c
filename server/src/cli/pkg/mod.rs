//! `runic pkg`: Futhark's package manager, as `futhark pkg` behaves. The
//! manifest `futhark.pkg` (in the current folder) lists the packages a
//! program requires with their minimum versions and commits; `sync` puts
//! each required package and everything they require, at the versions
//! minimal version selection picks, under `lib/PACKAGE-PATH/`. Only
//! `futhark.pkg` and `lib/` are ever written; `lib/` is built in `lib~new/`
//! and swapped in whole, so a failed sync leaves the old one.
//!
//! Every failure (a package or version that does not exist, an archive
//! that is not a valid package, a server that does not answer within the
//! time limit) prints `runic: error: ...` and exits 1.

mod fetch;
mod manifest;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::process::ExitCode;

use semver::Version;

use fetch::{Archive, Registry};
use manifest::{check_path, parse_version, Manifest, Required};

/// The subcommands of `runic pkg`.
pub enum PkgCommand {
    Add {
        path: String,
        version: Option<String>,
    },
    Remove {
        path: String,
    },
    Init {
        path: String,
    },
    Sync,
    Upgrade,
    Versions {
        path: String,
    },
    Check,
    Fmt,
}

const MANIFEST: &str = "futhark.pkg";

/// `runic pkg ...`, in the current folder.
pub fn pkg(command: PkgCommand) -> ExitCode {
    match run(command, Path::new(".")) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("runic: error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: PkgCommand, root: &Path) -> Result<(), String> {
    match command {
        PkgCommand::Init { path } => init(root, &path),
        PkgCommand::Add { path, version } => add(root, &path, version.as_deref()),
        PkgCommand::Remove { path } => {
            let mut manifest = read_manifest(root)?;
            let Some(at) = manifest.requires.iter().position(|r| r.path == path) else {
                return Err(format!("no package {path} found in {MANIFEST}"));
            };
            let removed = manifest.requires.remove(at);
            write_manifest(root, &manifest)?;
            println!("Removed {} {}.", removed.path, removed.version);
            Ok(())
        }
        PkgCommand::Sync => sync(root),
        PkgCommand::Upgrade => upgrade(root),
        PkgCommand::Versions { path } => {
            check_path(&path)?;
            for release in Registry::from_env().releases(&path)? {
                println!("{}", release.version);
            }
            Ok(())
        }
        PkgCommand::Check => {
            let manifest = read_manifest(root)?;
            let registry = Registry::from_env();
            for required in &manifest.requires {
                verified(&registry, required)?;
            }
            if let Some(package) = &manifest.package {
                let folder = root.join("lib").join(package);
                if !folder.is_dir() {
                    return Err(format!("the package folder lib/{package} does not exist"));
                }
            }
            Ok(())
        }
        PkgCommand::Fmt => {
            let manifest = read_manifest(root)?;
            write_manifest(root, &manifest)
        }
    }
}

fn read_manifest(root: &Path) -> Result<Manifest, String> {
    match std::fs::read_to_string(root.join(MANIFEST)) {
        Ok(text) => Manifest::parse(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Manifest::default()),
        Err(e) => Err(format!("cannot read {MANIFEST}: {e}")),
    }
}

fn write_manifest(root: &Path, manifest: &Manifest) -> Result<(), String> {
    std::fs::write(root.join(MANIFEST), manifest.render())
        .map_err(|e| format!("cannot write {MANIFEST}: {e}"))
}

/// `init PATH`: a manifest naming the package, and its folder in `lib/`.
fn init(root: &Path, path: &str) -> Result<(), String> {
    check_path(path)?;
    if root.join(MANIFEST).exists() {
        return Err(format!("{MANIFEST} already exists"));
    }
    let folder = Path::new("lib").join(path);
    std::fs::create_dir_all(root.join(&folder))
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    println!("Created directory {}.", folder.display());
    let manifest = Manifest {
        package: Some(path.to_string()),
        ..Manifest::default()
    };
    write_manifest(root, &manifest)?;
    println!("Wrote {MANIFEST}.");
    Ok(())
}

/// `add PATH [X.Y.Z]`: requires the package at that version (the newest
/// when none is given), checked to exist.
fn add(root: &Path, path: &str, version: Option<&str>) -> Result<(), String> {
    check_path(path)?;
    let mut manifest = read_manifest(root)?;
    let registry = Registry::from_env();
    let release = match version {
        Some(v) => registry.release(path, &parse_version(v)?)?,
        None => registry
            .releases(path)?
            .pop()
            .ok_or_else(|| format!("package {path} has no released versions"))?,
    };
    let required = Required {
        path: path.to_string(),
        version: release.version.clone(),
        hash: release.hash,
        comments: Vec::new(),
    };
    match manifest.requires.iter_mut().find(|r| r.path == path) {
        Some(old) => {
            println!("Replaced {path} {} => {}.", old.version, release.version);
            old.version = required.version;
            old.hash = required.hash;
        }
        None => {
            println!("Added new required package {path} {}.", release.version);
            manifest.requires.push(required);
        }
    }
    write_manifest(root, &manifest)
}

/// `upgrade`: every requirement to the newest version of its major
/// version.
fn upgrade(root: &Path) -> Result<(), String> {
    let mut manifest = read_manifest(root)?;
    let registry = Registry::from_env();
    for required in &mut manifest.requires {
        if let Some(newest) = registry.releases(&required.path)?.pop() {
            if newest.version > required.version {
                println!(
                    "Upgraded {} {} => {}.",
                    required.path, required.version, newest.version
                );
                required.version = newest.version;
                required.hash = newest.hash;
            }
        }
    }
    write_manifest(root, &manifest)
}

/// The release a requirement names, checked to be the commit it names.
fn verified(registry: &Registry, required: &Required) -> Result<fetch::Release, String> {
    let release = registry.release(&required.path, &required.version)?;
    if release.hash != required.hash {
        return Err(format!(
            "{} {} is commit {}, but #{} is required (the release was changed)",
            required.path, required.version, release.hash, required.hash
        ));
    }
    Ok(release)
}

/// Minimal version selection: every package reachable from the manifest's
/// requirements, through the requirements of each version reached, at the
/// newest of the minimum versions asked of it; with each one's archive.
fn build_list(
    registry: &Registry,
    roots: &[Required],
) -> Result<BTreeMap<String, (Version, Archive)>, String> {
    let mut selected: BTreeMap<String, Version> = BTreeMap::new();
    let mut archives: HashMap<(String, Version), Archive> = HashMap::new();
    let mut seen: HashSet<(String, Version)> = HashSet::new();
    let mut queue: Vec<(Required, String)> = roots
        .iter()
        .map(|r| (r.clone(), MANIFEST.to_string()))
        .collect();
    while let Some((required, by)) = queue.pop() {
        let key = (required.path.clone(), required.version.clone());
        if !seen.insert(key.clone()) {
            continue;
        }
        let context = |e: String| format!("{e} (required by {by})");
        verified(registry, &required).map_err(context)?;
        let archive = registry
            .archive(&required.path, &required.version)
            .map_err(context)?;
        let manifest = archive
            .manifest()
            .map_err(|e| format!("{} {}: {e}", required.path, required.version))?;
        let dependant = format!("{} {}", required.path, required.version);
        queue.extend(
            manifest
                .requires
                .into_iter()
                .map(|r| (r, dependant.clone())),
        );
        let newest = selected
            .entry(required.path.clone())
            .or_insert_with(|| required.version.clone());
        if required.version > *newest {
            *newest = required.version.clone();
        }
        archives.insert(key, archive);
    }
    Ok(selected
        .into_iter()
        .map(|(path, version)| {
            let archive = archives
                .remove(&(path.clone(), version.clone()))
                .expect("each selected version was fetched");
            (path, (version, archive))
        })
        .collect())
}

/// `sync`: `lib/` made anew from the build list (the package's own folder,
/// if the manifest names one, kept).
fn sync(root: &Path) -> Result<(), String> {
    let manifest = read_manifest(root)?;
    let registry = Registry::from_env();
    let list = build_list(&registry, &manifest.requires)?;
    let lib = root.join("lib");
    let new = root.join("lib~new");
    let old = root.join("lib~old");
    let io =
        |what: &str, p: &Path, e: std::io::Error| format!("cannot {what} {}: {e}", p.display());
    if new.exists() {
        std::fs::remove_dir_all(&new).map_err(|e| io("remove", &new, e))?;
    }
    std::fs::create_dir_all(&new).map_err(|e| io("create", &new, e))?;
    for (path, (version, archive)) in &list {
        let files = archive
            .package_files()
            .map_err(|e| format!("{path} {version}: {e}"))?;
        for (file, data) in files {
            let target = new.join(path).join(file);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent).map_err(|e| io("create", parent, e))?;
            }
            std::fs::write(&target, data).map_err(|e| io("write", &target, e))?;
        }
    }
    if let Some(own) = &manifest.package {
        let from = lib.join(own);
        if from.is_dir() {
            copy_tree(&from, &new.join(own)).map_err(|e| io("copy", &from, e))?;
        }
    }
    if old.exists() {
        std::fs::remove_dir_all(&old).map_err(|e| io("remove", &old, e))?;
    }
    if lib.exists() {
        std::fs::rename(&lib, &old).map_err(|e| io("move", &lib, e))?;
    }
    std::fs::rename(&new, &lib).map_err(|e| io("move", &new, e))?;
    if old.exists() {
        std::fs::remove_dir_all(&old).map_err(|e| io("remove", &old, e))?;
    }
    Ok(())
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}
