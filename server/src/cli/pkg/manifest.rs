//! The package manifest `futhark.pkg`: an optional `package PATH` line and
//! a `require { ... }` block of `PATH X.Y.Z #COMMIT` lines; `--` starts a
//! comment. Written back in `futhark pkg`'s layout, comments kept where
//! they were (before the `package` line, before `require`, before each
//! requirement, or at the end).

use std::fmt::Write as _;

use semver::Version;

/// One requirement: a package path, its minimum version and the commit
/// that version must be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Required {
    pub path: String,
    pub version: Version,
    pub hash: String,
    /// Comment lines written just before it.
    pub comments: Vec<String>,
}

/// A parsed `futhark.pkg`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest {
    pub package: Option<String>,
    pub requires: Vec<Required>,
    /// Comment lines before the `package` line (or before `require`
    /// when there is none).
    pub leading: Vec<String>,
    /// Comment lines between `package` and `require`.
    pub before_require: Vec<String>,
    /// Comment lines before the closing brace, and after it.
    pub trailing: Vec<String>,
}

impl Manifest {
    /// Parses a manifest; the error names the line.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let mut manifest = Manifest::default();
        let mut comments: Vec<String> = Vec::new();
        let mut in_require = false;
        let mut seen_require = false;
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let (code, comment) = match raw.find("--") {
                Some(at) => (&raw[..at], Some(raw[at..].trim_end().to_string())),
                None => (raw, None),
            };
            let words: Vec<&str> = code.split_whitespace().collect();
            let err = |what: &str| format!("futhark.pkg:{line_no}: {what}");
            match words.as_slice() {
                [] => {}
                ["package", path] if !in_require && !seen_require && manifest.package.is_none() => {
                    check_path(path).map_err(|e| err(&e))?;
                    manifest.package = Some(path.to_string());
                    manifest.leading = std::mem::take(&mut comments);
                }
                ["require", "{"] if !in_require && !seen_require => {
                    in_require = true;
                    seen_require = true;
                    if manifest.package.is_some() {
                        manifest.before_require = std::mem::take(&mut comments);
                    } else {
                        manifest.leading = std::mem::take(&mut comments);
                    }
                }
                ["require", "{", "}"] if !in_require && !seen_require => {
                    seen_require = true;
                }
                ["}"] if in_require => {
                    in_require = false;
                    manifest.trailing.append(&mut comments);
                }
                [path, version, hash] if in_require => {
                    check_path(path).map_err(|e| err(&e))?;
                    let version = parse_version(version).map_err(|e| err(&e))?;
                    let Some(hash) = hash.strip_prefix('#').filter(|h| !h.is_empty()) else {
                        return Err(err(&format!(
                            "expected `#COMMIT` after the version, found `{hash}`"
                        )));
                    };
                    if manifest.requires.iter().any(|r| r.path == *path) {
                        return Err(err(&format!("package {path} is required twice")));
                    }
                    manifest.requires.push(Required {
                        path: path.to_string(),
                        version,
                        hash: hash.to_string(),
                        comments: std::mem::take(&mut comments),
                    });
                }
                _ if in_require => {
                    return Err(err(&format!(
                        "expected `PATH X.Y.Z #COMMIT` or `}}`, found `{}`",
                        code.trim()
                    )))
                }
                _ => {
                    return Err(err(&format!(
                        "expected `package PATH` or `require {{`, found `{}`",
                        code.trim()
                    )))
                }
            }
            if let Some(comment) = comment {
                comments.push(comment);
            }
        }
        if in_require {
            return Err("futhark.pkg: the `require {` block is not closed".into());
        }
        manifest.trailing.append(&mut comments);
        Ok(manifest)
    }

    /// The manifest in `futhark pkg`'s layout.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for c in &self.leading {
            let _ = writeln!(out, "{c}");
        }
        if let Some(package) = &self.package {
            let _ = writeln!(out, "package {package}\n");
            for c in &self.before_require {
                let _ = writeln!(out, "{c}");
            }
        }
        out.push_str("require {\n");
        for r in &self.requires {
            for c in &r.comments {
                let _ = writeln!(out, "  {c}");
            }
            let _ = writeln!(out, "  {} {} #{}", r.path, r.version, r.hash);
        }
        out.push_str("}\n");
        for c in &self.trailing {
            let _ = writeln!(out, "{c}");
        }
        out
    }
}

/// A version as `futhark pkg` writes them: `X.Y.Z`, all three numbers
/// (with an optional `-pre` and `+build`, as pseudo-versions have).
pub fn parse_version(text: &str) -> Result<Version, String> {
    Version::parse(text).map_err(|_| {
        format!("`{text}` is not a version of the form X.Y.Z (all three numbers must be given)")
    })
}

/// Checks a package path: a host, then at least one more component, an
/// optional `@MAJOR` at the end, no empty, `.` or `..` components.
pub fn check_path(path: &str) -> Result<(), String> {
    let (repo, major) = split_major(path)?;
    let parts: Vec<&str> = repo.split('/').collect();
    let bad = parts.len() < 2
        || parts.iter().any(|p| {
            p.is_empty()
                || *p == "."
                || *p == ".."
                || !p
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.~".contains(c))
        });
    if bad {
        return Err(format!(
            "`{path}` is not a package path (like github.com/user/repo)"
        ));
    }
    if major == Some(0) || major == Some(1) {
        return Err(format!(
            "`{path}`: major versions 0 and 1 take no `@` suffix"
        ));
    }
    Ok(())
}

/// A package path without its `@MAJOR` suffix, and the major version the
/// suffix names.
pub fn split_major(path: &str) -> Result<(&str, Option<u64>), String> {
    match path.rsplit_once('@') {
        None => Ok((path, None)),
        Some((repo, major)) => major
            .parse::<u64>()
            .map(|m| (repo, Some(m)))
            .map_err(|_| format!("`{path}`: the part after `@` must be a major version number")),
    }
}

/// Whether `version` belongs to the package path: its major version is the
/// path's `@N`, or 0 or 1 without one.
pub fn version_fits(path: &str, version: &Version) -> bool {
    match split_major(path) {
        Ok((_, Some(major))) => version.major == major,
        Ok((_, None)) => version.major <= 1,
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifests_round_trip_with_comments() {
        let text = "-- my package\npackage github.com/me/pkg\n\nrequire {\n  -- for sorting\n  github.com/a/sorts 1.2.3 #abc\n  gitlab.com/b/c@2 2.0.0 #def\n}\n";
        let m = Manifest::parse(text).unwrap();
        assert_eq!(m.package.as_deref(), Some("github.com/me/pkg"));
        assert_eq!(m.requires.len(), 2);
        assert_eq!(m.render(), text);
        assert_eq!(
            Manifest::parse("require {\n}\n").unwrap().render(),
            "require {\n}\n"
        );
    }

    #[test]
    fn bad_manifests_name_the_line() {
        let e = Manifest::parse("require {\n  github.com/a/b 1.0 #x\n}\n").unwrap_err();
        assert!(e.starts_with("futhark.pkg:2:"), "{e}");
        let e = Manifest::parse("require {\n  github.com/a/b 1.0.0 x\n}\n").unwrap_err();
        assert!(e.contains("#COMMIT"), "{e}");
        assert!(Manifest::parse("require {\n").is_err());
        assert!(Manifest::parse("frobnicate\n").is_err());
    }

    #[test]
    fn paths_and_major_versions() {
        assert!(check_path("github.com/a/b").is_ok());
        assert!(check_path("github.com/a/b@2").is_ok());
        assert!(check_path("github.com/a/b@1").is_err());
        assert!(check_path("github.com").is_err());
        assert!(check_path("github.com/../b").is_err());
        let v = |s| Version::parse(s).unwrap();
        assert!(version_fits("github.com/a/b", &v("1.4.0")));
        assert!(version_fits(
            "github.com/a/b",
            &v("0.0.0-20240101000000+abc")
        ));
        assert!(!version_fits("github.com/a/b", &v("2.0.0")));
        assert!(version_fits("github.com/a/b@2", &v("2.1.0")));
    }
}
