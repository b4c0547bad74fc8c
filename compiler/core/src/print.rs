//! The core IR as text: what `runic ir --stage soacs` prints and what the
//! snapshot tests compare. The text is stable (it depends only on the
//! program, never on hashing or addresses) and reads like Futhark's own IR
//! dumps: a variable prints as its name and its arena index (`xs_3`),
//! constants with their type suffix (`1i32`), and nested bodies indented
//! by two spaces, up to [`MAX_INDENT`] levels (deeper bodies, such as those
//! of a chain of 100,000 `else if`s, are not indented further: the text
//! stays in proportion to the program).

use std::fmt::Write;

use runic_eval::builtins::Builtin;
use runic_eval::value::Prim;

use crate::ir::*;

/// The whole program.
pub fn program(p: &Program) -> String {
    let mut out = String::new();
    for (i, f) in p.funs.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&fun(p, f));
    }
    out
}

/// One function.
pub fn fun(p: &Program, f: &FunDef) -> String {
    let mut pr = Printer {
        p,
        out: String::new(),
        indent: 0,
    };
    pr.fun(f);
    pr.out
}

struct Printer<'a> {
    p: &'a Program,
    out: String,
    indent: usize,
}

/// A constant as Futhark writes it (`1i32`, `true`, `f32.nan`).
pub fn constant(c: Prim) -> String {
    runic_eval::text::show_prim(c)
}

/// The name of a scalar operation.
pub fn scalar_name(op: Builtin) -> String {
    let lower = |s: String| s.to_lowercase();
    match op {
        Builtin::Bin(b) => lower(format!("{b:?}")),
        Builtin::Float1(f) => lower(format!("{f:?}")),
        Builtin::Float2(f) => lower(format!("{f:?}")),
        Builtin::Convert(t) => format!("to_{}", t.name()),
        Builtin::FromBits(t) => format!("from_bits_{}", t.name()),
        other => lower(format!("{other:?}")),
    }
}

/// The deepest indentation printed, in levels.
pub const MAX_INDENT: usize = 32;

impl Printer<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.indent.min(MAX_INDENT) {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn var(&self, v: VarId) -> String {
        format!("{}_{}", self.p.vars[v].name, v.index())
    }

    fn subexp(&self, s: SubExp) -> String {
        match s {
            SubExp::Const(c) => constant(c),
            SubExp::Var(v) => self.var(v),
        }
    }

    fn subexps(&self, s: &[SubExp]) -> String {
        s.iter()
            .map(|s| self.subexp(*s))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn vars(&self, vs: &[VarId]) -> String {
        vs.iter()
            .map(|v| self.var(*v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn ty(&self, t: &Type) -> String {
        let mut s = String::new();
        if t.unique {
            s.push('*');
        }
        for d in &t.dims {
            let _ = write!(s, "[{}]", self.subexp(*d));
        }
        s.push_str(t.prim.name());
        s
    }

    fn types(&self, ts: &[Type]) -> String {
        ts.iter().map(|t| self.ty(t)).collect::<Vec<_>>().join(", ")
    }

    fn typed(&self, v: VarId) -> String {
        format!("{}: {}", self.var(v), self.ty(&self.p.vars[v].ty))
    }

    fn params(&self, vs: &[VarId]) -> String {
        vs.iter()
            .map(|v| format!("({})", self.typed(*v)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn fun(&mut self, f: &FunDef) {
        let kw = if f.entry { "entry" } else { "fun" };
        let head = format!(
            "{kw} {} {}: {{{}}} = {{",
            f.name,
            self.params(&f.params),
            self.types(&f.ret)
        );
        self.line(&head);
        self.indent += 1;
        self.body(&f.body);
        self.indent -= 1;
        self.line("}");
    }

    fn body(&mut self, b: &Body) {
        for s in &b.stms {
            self.stm(s);
        }
        let result = format!("in {{{}}}", self.subexps(&b.result));
        self.line(&result);
    }

    fn stm(&mut self, s: &Stm) {
        let mut pat = String::new();
        if !s.pat.ctx.is_empty() {
            let _ = write!(pat, "[{}] ", self.vars(&s.pat.ctx));
        }
        let vals: Vec<String> = s.pat.vals.iter().map(|v| self.typed(*v)).collect();
        let _ = write!(pat, "{{{}}}", vals.join(", "));
        // A SOAC's attributes come first, as Futhark prints a statement's.
        let attrs = match &s.exp {
            Exp::Screma(sc) => sc.attrs.to_string(),
            _ => String::new(),
        };
        let head = format!("{attrs}let {pat} =");
        self.exp(&head, &s.exp);
    }

    /// Prints `head exp`, over several lines where the expression has
    /// bodies.
    /// [`Self::exp_unguarded`] with enough stack for any depth.
    fn exp(&mut self, head: &str, e: &Exp) {
        runic_syntax::with_stack(|| self.exp_unguarded(head, e))
    }

    fn exp_unguarded(&mut self, head: &str, e: &Exp) {
        let simple = match e {
            Exp::SubExp(s) => self.subexp(*s),
            Exp::Scalar(op, args) => format!("{}({})", scalar_name(*op), self.subexps(args)),
            Exp::ArrayLit(items, row) => {
                format!("[{}]: []{}", self.subexps(items), self.ty(row))
            }
            Exp::Index(a, idx) => format!("{}[{}]", self.var(*a), self.indices(idx)),
            Exp::Update(a, idx, v) => format!(
                "{} with [{}] = {}",
                self.var(*a),
                self.indices(idx),
                self.subexp(*v)
            ),
            Exp::Iota(n) => format!("iota({})", self.subexp(*n)),
            Exp::Replicate(shape, v) => {
                format!("replicate({}, {})", self.shape(shape), self.subexp(*v))
            }
            Exp::Copy(a) => format!("copy({})", self.var(*a)),
            Exp::Concat(arrs) => format!("concat({})", self.vars(arrs)),
            Exp::Reshape(shape, a) => format!("reshape({}, {})", self.shape(shape), self.var(*a)),
            Exp::Rearrange(perm, a) => {
                let perm: Vec<String> = perm.iter().map(usize::to_string).collect();
                format!("rearrange(({}), {})", perm.join(", "), self.var(*a))
            }
            Exp::Rotate(r, a) => format!("rotate({}, {})", self.subexp(*r), self.var(*a)),
            Exp::Assert(c, msg, loc) => {
                // The check's own location (not the call sites).
                let loc = loc_frames(loc).next().unwrap_or_default();
                let parts: Vec<String> = msg
                    .iter()
                    .map(|m| match m {
                        MsgPart::Text(t) => format!("{t:?}"),
                        MsgPart::Value(v) => self.subexp(*v),
                    })
                    .collect();
                format!(
                    "assert({}, {}, \"{loc}\")",
                    self.subexp(*c),
                    parts.join(" ++ ")
                )
            }
            Exp::Trace(args) => format!("trace({})", self.subexps(args)),
            Exp::If {
                cond,
                then_body,
                else_body,
            } => {
                self.line(&format!("{head} if {} then {{", self.subexp(*cond)));
                self.nested(then_body);
                self.line("} else {");
                self.nested(else_body);
                self.line("}");
                return;
            }
            Exp::Loop {
                ctx,
                params,
                form,
                body,
            } => {
                let params: Vec<String> = params
                    .iter()
                    .map(|(v, init)| format!("{} = {}", self.typed(*v), self.subexp(*init)))
                    .collect();
                let form = match form {
                    LoopForm::For { i, bound } => {
                        format!("for {} < {}", self.var(*i), self.subexp(*bound))
                    }
                    LoopForm::While(c) => format!("while {}", self.var(*c)),
                };
                let ctx = if ctx.is_empty() {
                    String::new()
                } else {
                    format!("[{}] ", self.vars(ctx))
                };
                self.line(&format!(
                    "{head} loop {ctx}{{{}}} {form} do {{",
                    params.join(", ")
                ));
                self.nested(body);
                self.line("}");
                return;
            }
            Exp::Screma(s) => {
                self.line(&format!(
                    "{head} screma({}, {{{}}},",
                    self.subexp(s.w),
                    self.vars(&s.arrs)
                ));
                self.indent += 1;
                for scan in &s.scans {
                    let h = format!("scan({{{}}},", self.subexps(&scan.neutral));
                    self.lambda(&h, &scan.lambda, "),");
                }
                for red in &s.reds {
                    let kw = if red.commutative {
                        "reduce_comm"
                    } else {
                        "reduce"
                    };
                    let h = format!("{kw}({{{}}},", self.subexps(&red.neutral));
                    self.lambda(&h, &red.lambda, "),");
                }
                match &s.post {
                    Some(post) => {
                        self.lambda("map(", &s.map, "),");
                        self.lambda("post(", post, "))");
                    }
                    None => self.lambda("map(", &s.map, "))"),
                }
                self.indent -= 1;
                return;
            }
            Exp::Hist(h) => {
                self.line(&format!(
                    "{head} hist({}, {{{}}},",
                    self.subexp(h.w),
                    self.vars(&h.arrs)
                ));
                self.indent += 1;
                for op in &h.ops {
                    let head = format!(
                        "op(rank {}, {{{}}}, {{{}}},",
                        op.rank,
                        self.vars(&op.dests),
                        self.subexps(&op.neutral)
                    );
                    self.lambda(&head, &op.op, "),");
                }
                self.lambda("bucket(", &h.bucket, "))");
                self.indent -= 1;
                return;
            }
            Exp::Scatter(s) => {
                let dests: Vec<String> = s
                    .dests
                    .iter()
                    .map(|(rank, d)| format!("{} rank {rank}", self.var(*d)))
                    .collect();
                let rounds = if s.rounds == 1 {
                    String::new()
                } else {
                    format!(" rounds {}", s.rounds)
                };
                self.line(&format!(
                    "{head} scatter({}, {{{}}}, {{{}}}{rounds},",
                    self.subexp(s.w),
                    self.vars(&s.arrs),
                    dests.join(", ")
                ));
                self.indent += 1;
                self.lambda("", &s.lambda, ")");
                self.indent -= 1;
                return;
            }
            Exp::Apply(name, args) => {
                self.line(&format!("{head} {name}({})", self.subexps(args)));
                return;
            }
            Exp::Stream(s) => {
                self.line(&format!(
                    "{head} stream({}, {{{}}}, {{{}}},",
                    self.subexp(s.w),
                    self.vars(&s.arrs),
                    self.subexps(&s.accs)
                ));
                self.indent += 1;
                self.lambda("", &s.lambda, ")");
                self.indent -= 1;
                return;
            }
        };
        self.line(&format!("{head} {simple}"));
    }

    fn nested(&mut self, b: &Body) {
        self.indent += 1;
        self.body(b);
        self.indent -= 1;
    }

    fn lambda(&mut self, head: &str, l: &Lambda, tail: &str) {
        let sep = if head.is_empty() { "" } else { " " };
        self.line(&format!(
            "{head}{sep}\\ {}: {{{}}} -> {{",
            self.params(&l.params),
            self.types(&l.ret)
        ));
        self.nested(&l.body);
        self.line(&format!("}}{tail}"));
    }

    fn shape(&self, dims: &[SubExp]) -> String {
        dims.iter()
            .map(|d| format!("[{}]", self.subexp(*d)))
            .collect()
    }

    fn indices(&self, idx: &[DimIndex]) -> String {
        idx.iter()
            .map(|i| match i {
                DimIndex::Fix(s) => self.subexp(*s),
                DimIndex::Slice { start, len, stride } => format!(
                    "{}:+{}*{}",
                    self.subexp(*start),
                    self.subexp(*len),
                    self.subexp(*stride)
                ),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Text helpers for later stages' printers (the kernel IR prints the
/// core bodies of its kernels and host code with these).
pub mod parts {
    use super::*;

    fn printer(p: &Program, indent: usize) -> Printer<'_> {
        Printer {
            p,
            out: String::new(),
            indent,
        }
    }

    /// A variable as the printer names it (`xs_3`).
    pub fn var(p: &Program, v: VarId) -> String {
        printer(p, 0).var(v)
    }

    /// An operand.
    pub fn subexp(p: &Program, s: SubExp) -> String {
        printer(p, 0).subexp(s)
    }

    /// A type (`[n_1]i32`).
    pub fn ty(p: &Program, t: &Type) -> String {
        printer(p, 0).ty(t)
    }

    /// `name_i: type`.
    pub fn typed(p: &Program, v: VarId) -> String {
        printer(p, 0).typed(v)
    }

    /// A statement, indented by `indent` levels.
    pub fn stm(p: &Program, s: &Stm, indent: usize) -> String {
        let mut pr = printer(p, indent);
        pr.stm(s);
        pr.out
    }

    /// A body (statements and `in {...}`), indented by `indent` levels.
    pub fn body(p: &Program, b: &Body, indent: usize) -> String {
        let mut pr = printer(p, indent);
        pr.body(b);
        pr.out
    }

    /// A lambda after `head`, indented by `indent` levels.
    pub fn lambda(p: &Program, head: &str, l: &Lambda, indent: usize) -> String {
        let mut pr = printer(p, indent);
        pr.lambda(head, l, "");
        pr.out
    }
}
