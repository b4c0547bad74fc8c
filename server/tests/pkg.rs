//! `runic pkg` against a package registry served by the test itself on the
//! loopback address (`RUNIC_PKG_REGISTRY`, laid out as documented in the
//! README): manifests, minimal version selection, `lib/` built from the
//! archives, and every failure (a missing version or package, archives that
//! are not valid packages, a changed release, a server that stops
//! answering or is gone) an error, never a hang or a panic.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the registry answers for a path.
#[derive(Clone)]
enum Answer {
    Body(Vec<u8>),
    /// Accept the connection, then never answer.
    Silence,
}

/// A registry on 127.0.0.1: a thread answering GET requests from a table
/// (404 for paths not in it).
struct Registry {
    url: String,
    routes: Arc<Mutex<HashMap<String, Answer>>>,
}

impl Registry {
    fn start() -> Registry {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the loopback address");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let routes: Arc<Mutex<HashMap<String, Answer>>> = Arc::default();
        let table = routes.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let table = table.clone();
                std::thread::spawn(move || answer(stream, &table));
            }
        });
        Registry { url, routes }
    }

    fn set(&self, path: &str, answer: Answer) {
        self.routes
            .lock()
            .expect("routes")
            .insert(path.to_string(), answer);
    }

    /// A package's tag list: `(version, commit)` pairs.
    fn tags(&self, package: &str, tags: &[(&str, &str)]) {
        let list: Vec<String> = tags
            .iter()
            .map(|(v, c)| format!(r#"{{"name": "v{v}", "commit": {{"sha": "{c}"}}}}"#))
            .collect();
        self.set(
            &format!("/{package}/tags"),
            Answer::Body(format!("[{}]", list.join(", ")).into_bytes()),
        );
    }

    fn archive(&self, package: &str, version: &str, zip: Vec<u8>) {
        self.set(
            &format!("/{package}/archive/v{version}.zip"),
            Answer::Body(zip),
        );
    }

    /// A release: its tag (added to those given) and its archive, holding
    /// `futhark.pkg` with `requires` and one file `lib/PACKAGE/NAME.fut`.
    fn release(&self, package: &str, version: &str, requires: &str, file: (&str, &str)) {
        let manifest = format!("package {package}\n\nrequire {{\n{requires}}}\n");
        let repo = package.rsplit('/').next().expect("a name");
        let root = format!("{repo}-{version}");
        let zip = zip_of(&[
            (&format!("{root}/futhark.pkg"), manifest.as_str()),
            (&format!("{root}/README.md"), "not part of the package"),
            (&format!("{root}/lib/{package}/{}", file.0), file.1),
        ]);
        self.archive(package, version, zip);
    }
}

fn answer(mut stream: TcpStream, routes: &Mutex<HashMap<String, Answer>>) {
    let mut request = Vec::new();
    let mut buf = [0u8; 1024];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&request);
    let path = text.split_whitespace().nth(1).unwrap_or("/").to_string();
    let found = routes.lock().expect("routes").get(&path).cloned();
    let (status, body) = match found {
        Some(Answer::Body(body)) => ("200 OK", body),
        Some(Answer::Silence) => {
            std::thread::sleep(Duration::from_secs(60));
            return;
        }
        None => ("404 Not Found", b"not found".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
}

/// A zip archive of `(name, text)` files.
fn zip_of(files: &[(&str, &str)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, text) in files {
        zip.start_file(*name, zip::write::SimpleFileOptions::default())
            .expect("zip entry");
        zip.write_all(text.as_bytes()).expect("zip data");
    }
    zip.finish().expect("zip").into_inner()
}

fn scratch(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("pkg")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    dir
}

fn runic(dir: &Path, registry: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(args)
        .current_dir(dir)
        .env("RUNIC_PKG_REGISTRY", registry)
        .env("RUNIC_PKG_TIMEOUT", "2")
        .output()
        .expect("run the runic binary")
}

/// stdout, or stderr, and the exit code, in one text.
fn shown(output: &Output) -> String {
    format!(
        "{}{}exit {}\n",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
        output.status.code().unwrap_or(-1)
    )
}

/// Every file under `dir`, relative, sorted.
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).expect("under").display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// Two packages: `sorts` requires `util` 1.1.0; the program requires
/// `sorts` 0.2.0 and `util` 1.0.0, so minimal version selection takes
/// `util` 1.1.0 (the newest minimum asked), not 1.2.0 (the newest there is).
fn two_packages(registry: &Registry) {
    registry.tags(
        "example.org/me/util",
        &[
            ("1.0.0", "u100"),
            ("1.1.0", "u110"),
            ("1.2.0", "u120"),
            ("2.0.0", "u200"),
        ],
    );
    for (v, k) in [("1.0.0", "1"), ("1.1.0", "2"), ("1.2.0", "3")] {
        registry.release(
            "example.org/me/util",
            v,
            "",
            (
                "util.fut",
                &format!("def twice (x: i32) = x * 2\ndef util_version = {k}i32\n"),
            ),
        );
    }
    registry.tags(
        "example.org/me/sorts",
        &[("0.1.0", "s010"), ("0.2.0", "s020")],
    );
    registry.release(
        "example.org/me/sorts",
        "0.2.0",
        "  example.org/me/util 1.1.0 #u110\n",
        (
            "sorts.fut",
            "import \"../util/util\"\ndef double_all (xs: []i32) = map twice xs\n",
        ),
    );
}

#[test]
fn init_add_sync_upgrade_remove() {
    let registry = Registry::start();
    two_packages(&registry);
    let dir = scratch("workflow");
    let url = registry.url.as_str();
    let out = runic(&dir, url, &["pkg", "init", "example.org/me/app"]);
    expect_test::expect![[r#"
        Created directory lib/example.org/me/app.
        Wrote futhark.pkg.
        exit 0
    "#]]
    .assert_eq(&shown(&out));
    std::fs::write(
        dir.join("lib/example.org/me/app/app.fut"),
        "def answer = 42i32\n",
    )
    .expect("write");
    let out = runic(&dir, url, &["pkg", "add", "example.org/me/sorts", "0.2.0"]);
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    // Without a version: the newest of major version 0 or 1.
    let out = runic(&dir, url, &["pkg", "add", "example.org/me/util"]);
    expect_test::expect![[r#"
        Added new required package example.org/me/util 1.2.0.
        exit 0
    "#]]
    .assert_eq(&shown(&out));
    let out = runic(&dir, url, &["pkg", "add", "example.org/me/util", "1.0.0"]);
    expect_test::expect![[r#"
        Replaced example.org/me/util 1.2.0 => 1.0.0.
        exit 0
    "#]]
    .assert_eq(&shown(&out));
    expect_test::expect![[r#"
        package example.org/me/app

        require {
          example.org/me/sorts 0.2.0 #s020
          example.org/me/util 1.0.0 #u100
        }
    "#]]
    .assert_eq(&std::fs::read_to_string(dir.join("futhark.pkg")).expect("manifest"));
    std::fs::create_dir_all(dir.join("lib/stray")).expect("mkdir");
    std::fs::write(dir.join("lib/stray/old.fut"), "").expect("write");
    let out = runic(&dir, url, &["pkg", "sync"]);
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    // Stray files gone, the package's own folder kept, util at 1.1.0.
    expect_test::expect![[r#"
        [
            "example.org/me/app/app.fut",
            "example.org/me/sorts/sorts.fut",
            "example.org/me/util/util.fut",
        ]
    "#]]
    .assert_debug_eq(&tree(&dir.join("lib")));
    assert!(!dir.join("lib~new").exists() && !dir.join("lib~old").exists());
    // The lib/ it made works: a program importing the packages runs.
    std::fs::write(
        dir.join("main.fut"),
        "import \"lib/example.org/me/sorts/sorts\"\nimport \"lib/example.org/me/util/util\"\nentry main (xs: []i32) = (double_all xs, util_version)\n",
    )
    .expect("write");
    let mut child = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["run", "main.fut"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runic run");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"[1, 2, 3]")
        .expect("write");
    let run = child.wait_with_output().expect("wait");
    expect_test::expect![[r#"
        [2i32, 4i32, 6i32]
        2i32
        exit 0
    "#]]
    .assert_eq(&shown(&run));
    let out = runic(&dir, url, &["pkg", "upgrade"]);
    expect_test::expect![[r#"
        Upgraded example.org/me/util 1.0.0 => 1.2.0.
        exit 0
    "#]]
    .assert_eq(&shown(&out));
    let out = runic(&dir, url, &["pkg", "versions", "example.org/me/util"]);
    expect_test::expect![[r#"
        1.0.0
        1.1.0
        1.2.0
        exit 0
    "#]]
    .assert_eq(&shown(&out));
    // A later major version is another package path, `@2`.
    let out = runic(&dir, url, &["pkg", "versions", "example.org/me/util@2"]);
    expect_test::expect![[r#"
        2.0.0
        exit 0
    "#]]
    .assert_eq(&shown(&out));
    let out = runic(&dir, url, &["pkg", "remove", "example.org/me/sorts"]);
    expect_test::expect![[r#"
        Removed example.org/me/sorts 0.2.0.
        exit 0
    "#]]
    .assert_eq(&shown(&out));
    let out = runic(&dir, url, &["pkg", "sync"]);
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    expect_test::expect![[r#"
        [
            "example.org/me/app/app.fut",
            "example.org/me/util/util.fut",
        ]
    "#]]
    .assert_debug_eq(&tree(&dir.join("lib")));
    assert!(
        std::fs::read_to_string(dir.join("lib/example.org/me/util/util.fut"))
            .expect("util")
            .contains("3i32")
    );
}

/// Runs `runic pkg ARGS` in a folder whose futhark.pkg is `manifest`;
/// the output, and whether `lib/` was left as it was.
fn failing(registry: &Registry, test: &str, manifest: &str, args: &[&str]) -> String {
    let dir = scratch(test);
    std::fs::write(dir.join("futhark.pkg"), manifest).expect("write");
    std::fs::create_dir_all(dir.join("lib/kept")).expect("mkdir");
    std::fs::write(dir.join("lib/kept/a.fut"), "").expect("write");
    let start = Instant::now();
    let out = runic(&dir, &registry.url, args);
    assert!(start.elapsed() < Duration::from_secs(20), "took too long");
    assert_ne!(out.status.code(), Some(0));
    assert_eq!(tree(&dir.join("lib")), ["kept/a.fut"], "lib/ untouched");
    assert_eq!(
        std::fs::read_to_string(dir.join("futhark.pkg")).expect("manifest"),
        manifest,
        "futhark.pkg untouched"
    );
    shown(&out).replace(&registry.url, "URL")
}

#[test]
fn failures_are_errors_and_change_nothing() {
    let registry = Registry::start();
    two_packages(&registry);
    registry.tags("example.org/bad/notzip", &[("1.0.0", "n1")]);
    registry.archive(
        "example.org/bad/notzip",
        "1.0.0",
        b"this is not a zip".to_vec(),
    );
    registry.tags("example.org/bad/nomanifest", &[("1.0.0", "m1")]);
    registry.archive(
        "example.org/bad/nomanifest",
        "1.0.0",
        zip_of(&[("r/lib/example.org/bad/nomanifest/a.fut", "")]),
    );
    registry.tags("example.org/bad/escape", &[("1.0.0", "e1")]);
    registry.archive(
        "example.org/bad/escape",
        "1.0.0",
        zip_of(&[("../../evil.fut", "")]),
    );
    registry.tags("example.org/bad/silent", &[("1.0.0", "q1")]);
    registry.set(
        "/example.org/bad/silent/archive/v1.0.0.zip",
        Answer::Silence,
    );
    registry.set(
        "/example.org/bad/badtags/tags",
        Answer::Body(b"{oops".to_vec()),
    );
    let empty = "require {\n}\n";
    let needs = |p: &str, v: &str, h: &str| format!("require {{\n  {p} {v} #{h}\n}}\n");
    expect_test::expect![[r#"
        runic: error: package example.org/me/util has no version 1.5.0
        exit 1
    "#]]
    .assert_eq(&failing(
        &registry,
        "missing_version",
        empty,
        &["pkg", "add", "example.org/me/util", "1.5.0"],
    ));
    expect_test::expect![[r#"
        runic: error: example.org/me/util cannot have version 2.0.0: its major version must be 0 or 1 (a later major version has `@MAJOR` in the package path)
        exit 1
    "#]]
    .assert_eq(&failing(&registry, "wrong_major", empty, &["pkg", "add", "example.org/me/util", "2.0.0"]));
    expect_test::expect![[r#"
        runic: error: cannot list the versions of example.org/nobody/here: not found (URL/example.org/nobody/here/tags)
        exit 1
    "#]]
    .assert_eq(&failing(&registry, "missing_package", empty, &["pkg", "add", "example.org/nobody/here"]));
    expect_test::expect![[r#"
        runic: error: cannot list the versions of example.org/bad/badtags: bad tag list (key must be a string at line 1 column 2)
        exit 1
    "#]]
    .assert_eq(&failing(&registry, "bad_tags", empty, &["pkg", "add", "example.org/bad/badtags"]));
    expect_test::expect![[r#"
        runic: error: cannot download example.org/bad/notzip 1.0.0: not a valid zip archive (invalid Zip archive: Could not find EOCD) (required by futhark.pkg)
        exit 1
    "#]]
    .assert_eq(&failing(&registry, "not_zip", &needs("example.org/bad/notzip", "1.0.0", "n1"), &["pkg", "sync"]));
    expect_test::expect![[r#"
        runic: error: example.org/bad/nomanifest 1.0.0: the archive has no futhark.pkg
        exit 1
    "#]]
    .assert_eq(&failing(
        &registry,
        "no_manifest",
        &needs("example.org/bad/nomanifest", "1.0.0", "m1"),
        &["pkg", "sync"],
    ));
    expect_test::expect![[r#"
        runic: error: cannot download example.org/bad/escape 1.0.0: the entry `../../evil.fut` would be written outside the package (required by futhark.pkg)
        exit 1
    "#]]
    .assert_eq(&failing(&registry, "escape", &needs("example.org/bad/escape", "1.0.0", "e1"), &["pkg", "sync"]));
    expect_test::expect![[r#"
        runic: error: example.org/me/util 1.1.0 is commit u110, but #changed is required (the release was changed) (required by futhark.pkg)
        exit 1
    "#]]
    .assert_eq(&failing(&registry, "changed", &needs("example.org/me/util", "1.1.0", "changed"), &["pkg", "sync"]));
    let silent = failing(
        &registry,
        "silent",
        &needs("example.org/bad/silent", "1.0.0", "q1"),
        &["pkg", "sync"],
    );
    assert!(
        silent.contains("cannot download example.org/bad/silent 1.0.0"),
        "{silent}"
    );
    expect_test::expect![[r#"
        runic: error: futhark.pkg:2: expected `PATH X.Y.Z #COMMIT` or `}`, found `example.org/me/util 1.1`
        exit 1
    "#]]
    .assert_eq(&failing(&registry, "bad_manifest", "require {\n  example.org/me/util 1.1\n}\n", &["pkg", "sync"]));
}

#[test]
fn a_registry_that_is_gone_is_an_error() {
    // A port that was just free: nothing listens there.
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let dir = scratch("gone");
    let out = runic(
        &dir,
        &format!("http://127.0.0.1:{port}"),
        &["pkg", "add", "example.org/me/util"],
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("runic: error: cannot list the versions of example.org/me/util"),
        "{stderr}"
    );
    assert!(!dir.join("futhark.pkg").exists());
    let out = runic(
        &dir,
        "http://127.0.0.1:1",
        &["pkg", "init", "example.org/me/x"],
    );
    assert_eq!(out.status.code(), Some(0));
    let out = runic(
        &dir,
        "http://127.0.0.1:1",
        &["pkg", "init", "example.org/me/x"],
    );
    expect_test::expect![[r#"
        runic: error: futhark.pkg already exists
        exit 1
    "#]]
    .assert_eq(&shown(&out));
}
