//! Python 3 with PyPI packages for the tests that check Runic against
//! Futhark's own Python tools (`futhark-data`, `futhark-server`). CI
//! installs them (`.ci/run`); elsewhere a test without them says so and
//! skips, while under CI (`CI` set) it fails.

use std::process::Command;

/// Whether `python3` can import every module of `modules`; panics under
/// CI when it cannot, so CI never skips these tests.
pub fn have_python_modules(modules: &[&str]) -> bool {
    let imports = modules
        .iter()
        .map(|m| format!("import {m}"))
        .collect::<Vec<_>>()
        .join("; ");
    let ok = Command::new("python3")
        .args(["-c", &imports])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        let message = format!(
            "python3 with the modules {modules:?} is needed (pip install futhark-data futhark-server)"
        );
        if std::env::var_os("CI").is_some() {
            panic!("{message}");
        }
        eprintln!("skipped: {message}");
    }
    ok
}
