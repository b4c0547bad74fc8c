//! The prelude: Futhark source shipped inside the binary (see
//! `compiler/sema/prelude/`), checked once per process, plus the `intrinsics`
//! module whose values are the built-in operations typed in
//! `intrinsics.fut`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use crate::diagnostic::Diagnostic;
use crate::env::{ModEnv, Module};
use crate::{check_with_env, Imports};

/// The checked prelude: the environment every program starts in.
#[derive(Clone)]
pub struct Prelude {
    env: Arc<ModEnv>,
    /// Each prelude file as checked, by name without `.fut` (the intrinsics
    /// file excepted: its specs have no bodies).
    files: Arc<HashMap<String, PreludeFile>>,
    /// Problems found in the prelude itself (a bug if not empty).
    pub diagnostics: Vec<(String, Diagnostic)>,
}

/// One checked prelude file: its tree and the solved types of its
/// expressions, for stages (the interpreter) that run the prelude's code.
#[derive(Clone)]
pub struct PreludeFile {
    pub parse: runic_syntax::Parse,
    pub types: Arc<crate::TypeTable>,
}

/// The prelude's source files, by name without `.fut`.
const SOURCES: &[(&str, &str)] = &[
    ("intrinsics", include_str!("../prelude/intrinsics.fut")),
    ("prelude", include_str!("../prelude/prelude.fut")),
    ("soacs", include_str!("../prelude/soacs.fut")),
    ("array", include_str!("../prelude/array.fut")),
    ("zip", include_str!("../prelude/zip.fut")),
    ("math", include_str!("../prelude/math.fut")),
    ("functional", include_str!("../prelude/functional.fut")),
    ("ad", include_str!("../prelude/ad.fut")),
];

impl Prelude {
    /// No prelude at all: only the built-in operators and primitive types.
    pub fn empty() -> Prelude {
        Prelude {
            env: Arc::new(ModEnv::default()),
            files: Arc::default(),
            diagnostics: Vec::new(),
        }
    }

    /// The prelude shipped with Runic, checked once per process.
    pub fn builtin() -> Prelude {
        static PRELUDE: std::sync::OnceLock<Prelude> = std::sync::OnceLock::new();
        PRELUDE.get_or_init(Prelude::check_shipped).clone()
    }

    /// Checks the shipped prelude anew (what [`Self::builtin`] does once).
    pub fn check_shipped() -> Prelude {
        Prelude::from_sources(SOURCES, "prelude")
    }

    /// Checks a prelude given as `(name, text)` files; `root` is the file
    /// whose visible names programs see. A file named `intrinsics` holds the
    /// `val` specs of the built-in operations.
    pub fn from_sources(files: &[(&str, &str)], root: &str) -> Prelude {
        let sources: HashMap<String, String> = files
            .iter()
            .map(|(name, text)| (name.to_string(), text.to_string()))
            .collect();
        let mut base = ModEnv::default();
        let mut diagnostics = Vec::new();
        if let Some(intrinsics) = sources.get("intrinsics") {
            let (env, problems) = intrinsics_env(intrinsics);
            base.modules.insert("intrinsics", Module::Struct(env));
            diagnostics.extend(problems.into_iter().map(|d| ("intrinsics".to_string(), d)));
        }
        let base = Arc::new(base);
        let loader = PreludeFiles {
            sources,
            base: base.clone(),
            cache: RefCell::default(),
            problems: RefCell::default(),
            files: RefCell::default(),
        };
        let mut env = match loader.check_file(root) {
            Some((_, visible)) => visible,
            None => base.clone(),
        };
        // Programs may call the built-in operations directly too, as
        // `intrinsics.NAME` (and name the type `intrinsics.acc`).
        if let Some(intrinsics) = base.modules.get("intrinsics") {
            if env.modules.get("intrinsics").is_none() {
                Arc::make_mut(&mut env)
                    .modules
                    .insert("intrinsics", intrinsics.clone());
            }
        }
        diagnostics.extend(loader.problems.into_inner());
        Prelude {
            env,
            files: Arc::new(loader.files.into_inner()),
            diagnostics,
        }
    }

    /// The shipped prelude's source files, `(name without .fut, text)`.
    pub fn sources() -> &'static [(&'static str, &'static str)] {
        SOURCES
    }

    pub fn env(&self) -> Arc<ModEnv> {
        self.env.clone()
    }

    /// The checked prelude file `name` (without `.fut`); the root file is
    /// `prelude`, and files name each other in `import`s.
    pub fn file(&self, name: &str) -> Option<&PreludeFile> {
        self.files.get(name)
    }
}

/// The `intrinsics` module: the specs of `intrinsics.fut` as values.
fn intrinsics_env(text: &str) -> (Arc<ModEnv>, Vec<Diagnostic>) {
    // The file is either the body of the module type or the whole declaration.
    let declares = runic_syntax::parse(text)
        .syntax()
        .children()
        .any(|decl| decl.kind() == runic_syntax::SyntaxKind::MODULE_TYPE_DECL);
    let source = if declares {
        text.to_string()
    } else {
        format!("module type intrinsics = {{\n{text}\n}}")
    };
    let parse = runic_syntax::parse(&source);
    let mut problems: Vec<Diagnostic> = parse
        .errors()
        .iter()
        .map(|e| Diagnostic::error("syntax-error", e.range, e.message.clone()))
        .collect();
    let checked = check_with_env(
        &parse.syntax(),
        Arc::new(ModEnv::default()),
        &crate::NoImports,
    );
    problems.extend(checked.diagnostics);
    let env = match checked.exports.sigs.get("intrinsics") {
        Some(crate::env::Sig::Struct(env)) => env.clone(),
        _ => Arc::default(),
    };
    (env, problems)
}

/// A checked file's exported and visible environments.
type Environments = (Arc<ModEnv>, Arc<ModEnv>);

/// Resolves imports between prelude files, checking each once.
struct PreludeFiles {
    sources: HashMap<String, String>,
    base: Arc<ModEnv>,
    cache: RefCell<HashMap<String, Environments>>,
    problems: RefCell<Vec<(String, Diagnostic)>>,
    files: RefCell<HashMap<String, PreludeFile>>,
}

impl PreludeFiles {
    /// The (exports, visible) environments of prelude file `name`.
    fn check_file(&self, name: &str) -> Option<(Arc<ModEnv>, Arc<ModEnv>)> {
        if let Some(done) = self.cache.borrow().get(name) {
            return Some(done.clone());
        }
        let text = self.sources.get(name)?;
        let parse = runic_syntax::parse(text);
        self.problems
            .borrow_mut()
            .extend(parse.errors().iter().map(|e| {
                (
                    name.to_string(),
                    Diagnostic::error("syntax-error", e.range, e.message.clone()),
                )
            }));
        let checked = check_with_env(&parse.syntax(), self.base.clone(), self);
        self.problems.borrow_mut().extend(
            checked
                .diagnostics
                .into_iter()
                .map(|d| (name.to_string(), d)),
        );
        self.files.borrow_mut().insert(
            name.to_string(),
            PreludeFile {
                parse,
                types: checked.types,
            },
        );
        let result = (checked.exports, checked.visible);
        self.cache
            .borrow_mut()
            .insert(name.to_string(), result.clone());
        Some(result)
    }
}

impl Imports for PreludeFiles {
    fn import(&self, path: &str) -> Option<Arc<ModEnv>> {
        let name = path.trim_start_matches("./").trim_end_matches(".fut");
        self.check_file(name).map(|(exports, _)| exports)
    }
}

/// The prelude is shared by every thread that checks.
const _: () = {
    const fn shared<T: Send + Sync>() {}
    shared::<Prelude>();
};
