//! Expressions: names to slots and globals, literals typed from the
//! checker's table, applications and every binding form (operators and
//! sections are in `operators.rs`).

use std::rc::Rc;

use runic_sema::types::{PrimType, Size, Type};
use runic_syntax::{SyntaxKind, SyntaxNode};
use SyntaxKind::*;

use super::patterns::{char_value, unescape};
use super::{
    child, name_of, nodes, path_segments, token, GlobalDef, Lowered, Lowerer, ModVal, ValRef,
    ValueTarget,
};
use crate::builtins::Intrinsic;
use crate::ir::{Expr, IndexSpec, LoopForm, Pat, RangeEnd, Shape};
use crate::text::parse_scalar_as;
use crate::value::{Prim, Value};

pub(super) fn exprs(node: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    nodes(node).filter(|c| c.kind().is_expr())
}

impl Lowerer<'_> {
    /// [`Self::expr_unguarded`] with enough stack for any depth.
    pub(super) fn expr(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        runic_syntax::with_stack(|| self.expr_unguarded(node))
    }

    fn expr_unguarded(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        match node.kind() {
            LITERAL => self.literal(node),
            PATH_EXPR => {
                let path = child(node, PATH)
                    .map(|p| path_segments(&p))
                    .unwrap_or_default();
                self.path(node, &path)
            }
            ATTR_EXPR if is_unsafe(node) => match exprs(node).next() {
                Some(inner) => Ok(Expr::Unsafe(Box::new(self.expr(&inner)?))),
                None => Ok(Expr::Const(Value::unit())),
            },
            ATTR_EXPR if has_attr(node, "noinline") => match exprs(node).next() {
                Some(inner) => Ok(Expr::NoInline(Box::new(self.expr(&inner)?))),
                None => Ok(Expr::Const(Value::unit())),
            },
            ATTR_EXPR if sequential(node).is_some() => match exprs(node).next() {
                Some(inner) => Ok(Expr::Sequential(
                    sequential(node).expect("tested"),
                    Box::new(self.expr(&inner)?),
                )),
                None => Ok(Expr::Const(Value::unit())),
            },
            ATTR_EXPR if !carried_attrs(node).is_empty() => match exprs(node).next() {
                Some(inner) => Ok(Expr::Attrs(
                    carried_attrs(node),
                    Box::new(self.expr(&inner)?),
                )),
                None => Ok(Expr::Const(Value::unit())),
            },
            PAREN_EXPR | ATTR_EXPR | ASCRIPTION_EXPR => match exprs(node).next() {
                Some(inner) => self.expr(&inner),
                None => Ok(Expr::Const(Value::unit())),
            },
            TUPLE_EXPR => {
                let items = self.expr_list(node)?;
                Ok(if items.len() == 1 {
                    items.into_iter().next().expect("one")
                } else {
                    Expr::Tuple(items)
                })
            }
            RECORD_EXPR => self.record(node),
            ARRAY_EXPR => self.array(node),
            RANGE_EXPR => self.range(node),
            INDEX_EXPR => {
                let base = self.first_expr(node)?;
                let slice = self.slice(node)?;
                Ok(Expr::Index(Box::new(base), slice, self.loc(node)))
            }
            FIELD_EXPR => {
                let base = self.first_expr(node)?;
                let field = node
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .filter(|t| matches!(t.kind(), IDENT | INT_NUMBER))
                    .last()
                    .map(|t| t.text().to_string())
                    .unwrap_or_default();
                Ok(Expr::Field(Box::new(base), Rc::from(field.as_str())))
            }
            QUAL_PAREN_EXPR => self.qualified_paren(node),
            APP_EXPR => {
                let mut parts = exprs(node);
                let Some(f) = parts.next() else {
                    return self.error(node, "empty application");
                };
                let args: Vec<SyntaxNode> = parts.collect();
                self.application(node, &f, &args)
            }
            BIN_EXPR => self.binary(node),
            PREFIX_EXPR => {
                let op = token(node, OPERATOR)
                    .map(|t| t.text().to_string())
                    .unwrap_or_default();
                let operand = self.first_expr(node)?;
                Ok(match op.as_str() {
                    "!" => Expr::Not(Box::new(operand)),
                    _ => Expr::Neg(Box::new(operand)),
                })
            }
            COERCE_EXPR => {
                let inner = self.first_expr(node)?;
                let ty = nodes(node).filter(|c| !c.kind().is_expr()).last();
                let Some(ty) = ty else { return Ok(inner) };
                let mut shape = self.shape(&ty, true)?;
                if matches!(shape, Shape::Other) {
                    // A type the syntax does not show the shape of (an
                    // abbreviation without parameters, maybe in a module):
                    // the checker's solved type of the coercion.
                    if let Some(t) = self.file.types.get(&node.text_range()).cloned() {
                        shape = self.solved_shape(&t);
                    }
                }
                let text = Rc::from(ty.text().to_string());
                Ok(Expr::Coerce(
                    Box::new(inner),
                    Rc::new(shape),
                    text,
                    self.loc(node),
                ))
            }
            IF_EXPR => {
                let parts = self.expr_list(node)?;
                let [c, t, e]: [Expr; 3] = parts
                    .try_into()
                    .or_else(|_| self.error(node, "incomplete if"))?;
                Ok(Expr::If(Box::new(c), Box::new(t), Box::new(e)))
            }
            LET_EXPR => self.let_expr(node),
            LET_FUN_EXPR => self.let_fun(node),
            LET_UPDATE_EXPR => self.let_update(node),
            LAMBDA_EXPR => {
                let params: Vec<SyntaxNode> =
                    nodes(node).filter(|c| c.kind().is_pattern()).collect();
                let Some(body) = exprs(node).last() else {
                    return self.error(node, "lambda without a body");
                };
                let (func, captures) =
                    self.function("lambda", &[], &params, &body, self.loc(node))?;
                Ok(Expr::Lambda(func, captures))
            }
            LOOP_EXPR => self.loop_expr(node),
            UPDATE_EXPR | RECORD_UPDATE_EXPR => {
                let base = self.first_expr(node)?;
                let Some(value) = exprs(node).nth(1) else {
                    return self.error(node, "update without a value");
                };
                let value = self.expr(&value)?;
                let loc = self.loc(node);
                self.update_path(base, &path_steps(node), value, loc)
            }
            MATCH_EXPR => self.match_expr(node),
            CONSTRUCTOR_EXPR => {
                let ctor = token(node, CONSTRUCTOR)
                    .map(|t| t.text().trim_start_matches('#').to_string())
                    .unwrap_or_default();
                let payload = self.expr_list(node)?;
                Ok(Expr::Ctor(Rc::from(ctor.as_str()), payload))
            }
            ASSERT_EXPR => {
                let mut parts = exprs(node);
                let (Some(cond), Some(body)) = (parts.next(), parts.next()) else {
                    return self.error(node, "incomplete assert");
                };
                let text = Rc::from(cond.text().to_string());
                let loc = self.loc(node);
                Ok(Expr::Assert(
                    Box::new(self.expr(&cond)?),
                    Box::new(self.expr(&body)?),
                    text,
                    loc,
                ))
            }
            OP_SECTION => self.op_section(node),
            LEFT_SECTION | RIGHT_SECTION => self.operand_section(node),
            PROJECT_SECTION | INDEX_SECTION => {
                let loc = self.loc(node);
                self.synthetic_lambda(node, 1, None, |l, params| {
                    l.follow_path(Expr::Local(params[0]), &path_steps(node), &loc)
                })
            }
            // A hole fails only when evaluated, as in Futhark's interpreter.
            HOLE_EXPR => {
                let ty = self.file.types.get(&node.text_range());
                let text = match ty {
                    Some(t) => format!("Hole of type: {t}"),
                    None => "Hole".to_string(),
                };
                let never = Expr::Const(crate::value::Value::bool(false));
                let unit = Expr::Const(crate::value::Value::unit());
                Ok(Expr::Assert(
                    Box::new(never),
                    Box::new(unit),
                    Rc::from(text),
                    self.loc(node),
                ))
            }
            _ => self.error(node, format!("unsupported expression ({:?})", node.kind())),
        }
    }

    pub(super) fn first_expr(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        match exprs(node).next() {
            Some(e) => self.expr(&e),
            None => self.error(node, "missing expression"),
        }
    }

    fn expr_list(&mut self, node: &SyntaxNode) -> Lowered<Vec<Expr>> {
        exprs(node).map(|e| self.expr(&e)).collect()
    }

    /// The solved primitive type of an expression, if the checker gave one.
    fn prim_type_of(&self, node: &SyntaxNode) -> Option<PrimType> {
        match self.file.types.get(&node.text_range())? {
            Type::Prim(p) => Some(*p),
            _ => None,
        }
    }

    fn literal(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let Some(tok) = node
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| !t.kind().is_trivia())
        else {
            return self.error(node, "empty literal");
        };
        // An explicit suffix wins over the table (which may lag behind for
        // rare literal forms such as hexadecimal floats).
        let suffixed = matches!(tok.kind(), INT_NUMBER | FLOAT_NUMBER)
            && crate::text::split_suffix(tok.text()).1.is_some();
        let typed = self.prim_type_of(node).filter(|_| !suffixed);
        let value = match tok.kind() {
            TRUE_KW => Some(Prim::Bool(true)),
            FALSE_KW => Some(Prim::Bool(false)),
            CHAR => char_value(tok.text())
                .map(|c| crate::prim::convert(Prim::I64(c as i64), typed.unwrap_or(PrimType::I32))),
            STRING => {
                let text = tok.text();
                let inner = text
                    .strip_prefix('"')
                    .and_then(|t| t.strip_suffix('"'))
                    .unwrap_or(text);
                let Some(text) = unescape(inner) else {
                    return self.error(node, "malformed string literal");
                };
                let bytes = text.bytes().map(|b| Value::Prim(Prim::U8(b))).collect();
                return Ok(Expr::Const(Value::array_of(bytes)));
            }
            _ => parse_scalar_as(tok.text(), false, typed),
        };
        match value {
            Some(p) => Ok(Expr::Const(Value::Prim(match typed {
                Some(t) if t != p.prim_type() => crate::prim::convert(p, t),
                _ => p,
            }))),
            None => self.error(node, format!("unsupported literal `{}`", tok.text())),
        }
    }

    /// A (possibly qualified) name: a local variable with field accesses, or
    /// a module member.
    pub(super) fn path(&mut self, node: &SyntaxNode, path: &[String]) -> Lowered<Expr> {
        let Some(first) = path.first() else {
            return self.error(node, "empty name");
        };
        if let Some(slot) = self.local(first) {
            if path.len() == 1 {
                self.note_invented_sizes(node, first);
            }
            return Ok(fields(Expr::Local(slot), &path[1..]));
        }
        for split in (1..=path.len()).rev() {
            let names: Vec<&str> = path[..split].iter().map(String::as_str).collect();
            if let Some(target) = self.module_value(&names) {
                let base = match target {
                    ValueTarget::Val(ValRef::Global(g)) => self.global_use(node, g)?,
                    ValueTarget::Val(ValRef::Const(p))
                    | ValueTarget::Intrinsic(Intrinsic::Const(p)) => Expr::Const(Value::Prim(p)),
                    ValueTarget::Intrinsic(Intrinsic::Op(op)) => Expr::Builtin(op),
                };
                return Ok(fields(base, &path[split..]));
            }
        }
        if path.len() == 1 {
            if let Some(section) = self.builtin_operator_value(node, first)? {
                return Ok(section);
            }
        }
        self.error(node, format!("unknown name `{}`", path.join(".")))
    }

    fn record(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let mut fields = Vec::new();
        for field in nodes(node).filter(|c| c.kind() == RECORD_FIELD) {
            let name = name_of(&field).unwrap_or_default();
            let value = match exprs(&field).next() {
                Some(e) => self.expr(&e)?,
                None => self.path(&field, std::slice::from_ref(&name))?,
            };
            fields.push((Rc::from(name.as_str()), value));
        }
        Ok(Expr::Record(fields))
    }

    fn array(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let elems: Vec<SyntaxNode> = exprs(node).collect();
        let (row_shape, elem) = match self.file.types.get(&node.text_range()) {
            Some(Type::Array { shape, elem, .. }) => (
                shape[1..]
                    .iter()
                    .map(|s| if let Size::Const(n) = s { *n } else { 0 })
                    .collect(),
                match **elem {
                    Type::Prim(p) => Some(p),
                    _ => None,
                },
            ),
            _ => (Vec::new(), None),
        };
        let items = elems
            .iter()
            .map(|e| self.expr(e))
            .collect::<Lowered<Vec<_>>>()?;
        Ok(Expr::Array(items, row_shape, elem, self.loc(node)))
    }

    fn range(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let parts = self.expr_list(node)?;
        let ops: Vec<SyntaxKind> = node
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .map(|t| t.kind())
            .filter(|k| matches!(k, DOT_DOT | DOT_DOT_DOT | DOT_DOT_LT | DOT_DOT_GT))
            .collect();
        let kind = match ops.last() {
            Some(DOT_DOT_LT) => RangeEnd::UpExclusive,
            Some(DOT_DOT_GT) => RangeEnd::DownExclusive,
            _ => RangeEnd::Inclusive,
        };
        let loc = self.loc(node);
        let mut parts = parts.into_iter();
        let (Some(start), Some(second)) = (parts.next(), parts.next()) else {
            return self.error(node, "incomplete range");
        };
        let (next, end) = match parts.next() {
            Some(end) => (Some(Box::new(second)), end),
            None => (None, second),
        };
        Ok(Expr::Range {
            start: Box::new(start),
            next,
            end: Box::new(end),
            kind,
            loc,
        })
    }

    /// The indices of the `SLICE` child of a node.
    /// The value at the end of a path of index and field steps from `base`.
    fn follow_path(
        &mut self,
        base: Expr,
        steps: &[SyntaxNode],
        loc: &crate::ir::Loc,
    ) -> Lowered<Expr> {
        let mut value = base;
        for step in steps {
            value = if step.kind() == SLICE {
                let index = self.slice_specs(step)?;
                Expr::Index(Box::new(value), index, loc.clone())
            } else {
                fields(value, &path_segments(step))
            };
        }
        Ok(value)
    }

    /// `base` with the part at the end of the path `steps` replaced by
    /// `value`: `xs with [i].a = v` is `xs with [i] = (xs[i] with a = v)`.
    fn update_path(
        &mut self,
        base: Expr,
        steps: &[SyntaxNode],
        value: Expr,
        loc: crate::ir::Loc,
    ) -> Lowered<Expr> {
        let Some((first, rest)) = steps.split_first() else {
            return Ok(value);
        };
        // A longer path reads the part it updates: name the base once.
        let (bound, here) = if rest.is_empty() {
            (None, base)
        } else {
            let slot = self.temp();
            (Some((slot, base)), Expr::Local(slot))
        };
        let updated = if first.kind() == SLICE {
            let index = self.slice_specs(first)?;
            let part = Expr::Index(Box::new(here.clone()), index.clone(), loc.clone());
            let value = self.update_path(part, rest, value, loc.clone())?;
            Expr::Update {
                array: Box::new(here),
                index,
                value: Box::new(value),
                loc,
            }
        } else {
            let names: Vec<Rc<str>> = path_segments(first)
                .iter()
                .map(|s| Rc::from(s.as_str()))
                .collect();
            let part = fields(
                here.clone(),
                &names.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
            );
            let value = self.update_path(part, rest, value, loc)?;
            Expr::RecordUpdate(Box::new(here), names, Box::new(value))
        };
        Ok(match bound {
            Some((slot, base)) => Expr::Let(Pat::Bind(slot), Box::new(base), Box::new(updated)),
            None => updated,
        })
    }

    fn slice(&mut self, node: &SyntaxNode) -> Lowered<Vec<IndexSpec>> {
        let Some(slice) = child(node, SLICE) else {
            return self.error(node, "missing index");
        };
        self.slice_specs(&slice)
    }

    /// The index specifications of a `SLICE` node.
    fn slice_specs(&mut self, slice: &SyntaxNode) -> Lowered<Vec<IndexSpec>> {
        let mut specs = Vec::new();
        for part in nodes(slice) {
            if part.kind() != SLICE_RANGE {
                specs.push(IndexSpec::Point(self.expr(&part)?));
                continue;
            }
            let mut bounds: [Option<Expr>; 3] = [None, None, None];
            let mut position = 0;
            for element in part.children_with_tokens() {
                match element {
                    runic_syntax::SyntaxElement::Token(t) if t.kind() == COLON => position += 1,
                    runic_syntax::SyntaxElement::Node(n) if n.kind().is_expr() && position < 3 => {
                        bounds[position] = Some(self.expr(&n)?);
                    }
                    _ => {}
                }
            }
            let [start, end, stride] = bounds;
            specs.push(IndexSpec::Slice { start, end, stride });
        }
        Ok(specs)
    }

    fn qualified_paren(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let path = child(node, PATH)
            .map(|p| path_segments(&p))
            .unwrap_or_default();
        let mut module = path
            .first()
            .and_then(|m| self.scope.mods.get(m.as_str()).cloned());
        for segment in path.iter().skip(1) {
            module = match module {
                Some(ModVal::Struct(s)) => s.mods.get(segment.as_str()).cloned(),
                _ => None,
            };
        }
        let Some(ModVal::Struct(names)) = module else {
            return self.error(node, format!("unknown module `{}`", path.join(".")));
        };
        let saved = self.scope.clone();
        self.scope.extend(&names);
        let level = self.fns.len().saturating_sub(1);
        let len = self.fns.last().map_or(0, |f| f.vars.len());
        self.opens.push((level, len, names.clone()));
        let result = self.first_expr(node);
        self.opens.pop();
        self.scope = saved;
        result
    }

    fn application(
        &mut self,
        node: &SyntaxNode,
        f: &SyntaxNode,
        args: &[SyntaxNode],
    ) -> Lowered<Expr> {
        let callee = self.expr(f)?;
        let args = args
            .iter()
            .map(|a| self.expr(a))
            .collect::<Lowered<Vec<_>>>()?;
        let loc = self.loc(node);
        let result_type = self.file.types.get(&node.text_range()).cloned();
        let callee_type = self.file.types.get(&f.text_range()).cloned();
        let call = self.application_call(callee, args, loc, result_type.clone(), callee_type);
        Ok(self.with_empty_rows(call, result_type.as_ref()))
    }

    /// The call of `application`, with the sizes that only its result type
    /// determines.
    fn application_call(
        &mut self,
        callee: Expr,
        mut args: Vec<Expr>,
        loc: crate::ir::Loc,
        result_type: Option<Type>,
        callee_type: Option<Type>,
    ) -> Expr {
        match (&callee, result_type) {
            (
                Expr::Builtin(crate::builtins::Builtin::Unflatten),
                Some(Type::Array { shape, .. }),
            ) if args.len() == 1 => {
                for size in shape.iter().take(2) {
                    match self.size_expr(size) {
                        Some(e) => args.push(e),
                        None => break,
                    }
                }
                Expr::CallBuiltin(crate::builtins::Builtin::Unflatten, args, loc)
            }
            (Expr::Global(g), Some(t)) => {
                let mut sizes = self.implicit_size_args(*g, args.len(), &t);
                if let Some(callee) = &callee_type {
                    sizes.extend(self.type_size_args(*g, args.len(), callee));
                }
                if sizes.is_empty() {
                    return self.call(callee, args, loc);
                }
                Expr::CallGlobal(*g, args, sizes, loc)
            }
            _ => self.call(callee, args, loc),
        }
    }

    /// A call, direct when the callee and its arity are known.
    pub(super) fn call(&self, callee: Expr, args: Vec<Expr>, loc: crate::ir::Loc) -> Expr {
        match callee {
            Expr::Global(g) => match &self.globals[g as usize] {
                GlobalDef::Func(f) if f.params.len() == args.len() => {
                    Expr::CallGlobal(g, args, Vec::new(), loc)
                }
                _ => Expr::Apply(Box::new(Expr::Global(g)), args, loc),
            },
            Expr::Builtin(b) if b.arity() == args.len() => Expr::CallBuiltin(b, args, loc),
            other => Expr::Apply(Box::new(other), args, loc),
        }
    }

    /// Runs `body` with the variables it binds dropped afterwards; a
    /// variable of the scope that is its result is moved out of its slot
    /// (it is not used again), so that an array it holds stays unique.
    fn scoped(&mut self, body: impl FnOnce(&mut Self) -> Lowered<Expr>) -> Lowered<Expr> {
        self.scoped_chain(None, |l, _| body(l).map(|e| (e, false)))
    }

    /// [`Self::scoped`] for a scope that may be one of a chain of scopes
    /// each the body of the one before (`let`s): `chain_first` is the first
    /// slot of the chain's outermost scope, and `body` (given the first
    /// slot of this one) says whether its result's tail is the next
    /// scope's, which then moved it for this one too. Each tail is walked
    /// once, not once per `let` around it.
    fn scoped_chain(
        &mut self,
        chain_first: Option<u32>,
        body: impl FnOnce(&mut Self, u32) -> Lowered<(Expr, bool)>,
    ) -> Lowered<Expr> {
        let depth = self.fns.last().map_or(0, |f| f.vars.len());
        let first = chain_first
            .or_else(|| self.fns.last().map(|f| f.next_slot))
            .unwrap_or(0);
        let result = body(self, first);
        let Some(f) = self.fns.last_mut() else {
            return result.map(|(e, _)| e);
        };
        f.truncate_vars(depth);
        let (e, moved) = result?;
        if moved {
            return Ok(e);
        }
        let captured: std::collections::HashSet<u32> =
            f.captured.iter().map(|(_, s, _)| *s).collect();
        let movable = |slot: u32| slot >= first && !captured.contains(&slot);
        Ok(move_tail(e, &movable))
    }

    fn let_expr(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        // Set where this `let` is the body of another.
        let chain_first = self.chain_first.take();
        let mut parts = exprs(node);
        let (Some(value), body) = (parts.next(), parts.next()) else {
            return self.error(node, "incomplete let");
        };
        let Some(pat) = nodes(node).find(|c| c.kind().is_pattern()) else {
            return self.error(node, "let without a pattern");
        };
        let sizes: Vec<String> = nodes(node)
            .filter(|c| c.kind() == SIZE_PARAM)
            .filter_map(|c| name_of(&c))
            .collect();
        let value = self.expr(&value)?;
        self.scoped_chain(chain_first, |l, first| {
            let saved = std::mem::take(&mut l.unbound_sizes);
            l.size_params(&sizes);
            let pat = l.pattern(&pat);
            l.unbound_sizes = saved;
            let pat = pat?;
            let chained = body.as_ref().is_some_and(|b| b.kind() == LET_EXPR);
            let body = match body {
                Some(b) => {
                    l.chain_first = chained.then_some(first);
                    let body = l.expr(&b);
                    l.chain_first = None;
                    body?
                }
                None => Expr::Const(Value::unit()),
            };
            Ok((Expr::Let(pat, Box::new(value), Box::new(body)), chained))
        })
    }

    fn let_fun(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let name = name_of(node).unwrap_or_default();
        let sizes: Vec<String> = nodes(node)
            .filter(|c| c.kind() == SIZE_PARAM)
            .filter_map(|c| name_of(&c))
            .collect();
        let params: Vec<SyntaxNode> = nodes(node).filter(|c| c.kind().is_pattern()).collect();
        let mut parts = exprs(node);
        let (Some(fun_body), body) = (parts.next(), parts.next()) else {
            return self.error(node, "incomplete local function");
        };
        let (func, captures) = self.function(&name, &sizes, &params, &fun_body, self.loc(node))?;
        let value = if params.is_empty() {
            Expr::Apply(
                Box::new(Expr::Lambda(func, captures)),
                Vec::new(),
                self.loc(node),
            )
        } else {
            Expr::Lambda(func, captures)
        };
        self.bind_then(&name, value, body)
    }

    fn let_update(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let name = name_of(node).unwrap_or_default();
        let array = self.path(node, std::slice::from_ref(&name))?;
        let mut parts = exprs(node);
        let (Some(value), body) = (parts.next(), parts.next()) else {
            return self.error(node, "incomplete in-place update");
        };
        let value = self.expr(&value)?;
        let loc = self.loc(node);
        let update = self.update_path(array, &path_steps(node), value, loc)?;
        self.bind_then(&name, update, body)
    }

    /// `let name = value in body` (a missing body is `()`).
    fn bind_then(&mut self, name: &str, value: Expr, body: Option<SyntaxNode>) -> Lowered<Expr> {
        self.scoped(|l| {
            let slot = l.bind(name);
            let body = match body {
                Some(b) => l.expr(&b)?,
                None => Expr::Const(Value::unit()),
            };
            Ok(Expr::Let(Pat::Bind(slot), Box::new(value), Box::new(body)))
        })
    }

    fn loop_expr(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let Some(pat) = nodes(node).find(|c| c.kind().is_pattern()) else {
            return self.error(node, "loop without a pattern");
        };
        let form = nodes(node).find(|c| matches!(c.kind(), FOR_LT_FORM | FOR_IN_FORM | WHILE_FORM));
        let Some(form) = form else {
            return self.error(node, "loop without a form");
        };
        let has_init = token(node, EQ).is_some();
        let mut body_exprs = exprs(node);
        let init = if has_init {
            match body_exprs.next() {
                Some(e) => self.expr(&e)?,
                None => return self.error(node, "loop without an initial value"),
            }
        } else {
            let names: Vec<String> = pat
                .descendants()
                .filter(|n| n.kind() == NAME_PAT)
                .filter_map(|n| name_of(&n))
                .collect();
            let items = names
                .iter()
                .map(|n| self.path(node, std::slice::from_ref(n)))
                .collect::<Lowered<Vec<_>>>()?;
            if items.len() == 1 {
                items.into_iter().next().expect("one")
            } else {
                Expr::Tuple(items)
            }
        };
        let Some(body) = body_exprs.next() else {
            return self.error(node, "loop without a body");
        };
        // The bound of `for i < n` and the array of `for x in xs` are
        // evaluated before the loop starts, outside its parameters' scope.
        let outer_form = match form.kind() {
            FOR_LT_FORM => Some(self.first_expr(&form)?),
            FOR_IN_FORM => Some(self.first_expr(&form)?),
            _ => None,
        };
        self.scoped(|l| {
            let pat = l.pattern(&pat)?;
            let form = match (form.kind(), outer_form) {
                (FOR_LT_FORM, Some(bound)) => {
                    let var = l.bind(&name_of(&form).unwrap_or_default());
                    LoopForm::For { var, bound }
                }
                (FOR_IN_FORM, Some(array)) => {
                    let Some(p) = nodes(&form).find(|c| c.kind().is_pattern()) else {
                        return l.error(&form, "for-in loop without a pattern");
                    };
                    LoopForm::ForIn {
                        pat: l.pattern(&p)?,
                        array,
                    }
                }
                _ => LoopForm::While(l.first_expr(&form)?),
            };
            let body = l.expr(&body)?;
            Ok(Expr::Loop {
                pat,
                init: Box::new(init),
                form: Box::new(form),
                body: Box::new(body),
            })
        })
    }

    fn match_expr(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let scrutinee = self.first_expr(node)?;
        let mut cases = Vec::new();
        for case in nodes(node).filter(|c| c.kind() == MATCH_CASE) {
            let Some(pat) = nodes(&case).find(|c| c.kind().is_pattern()) else {
                return self.error(&case, "case without a pattern");
            };
            // The pattern's variables end with the arm: bind them in a scope
            // around the arm's body.
            let mut bound = None;
            let body = self.scoped(|l| {
                bound = Some(l.pattern(&pat)?);
                l.first_expr(&case)
            })?;
            cases.push((bound.unwrap_or(Pat::Wild), body));
        }
        Ok(Expr::Match(Box::new(scrutinee), cases, self.loc(node)))
    }
}

/// The expression with the variables its value comes straight from (in
/// tail position) moved instead of copied, where `movable` allows.
pub(super) fn move_tail(e: Expr, movable: &dyn Fn(u32) -> bool) -> Expr {
    // Recurses along `let` and `else if` chains: as deep as they are long.
    runic_syntax::with_stack(|| move_tail_unguarded(e, movable))
}

fn move_tail_unguarded(e: Expr, movable: &dyn Fn(u32) -> bool) -> Expr {
    match e {
        Expr::Local(slot) if movable(slot) => Expr::Move(slot),
        Expr::Let(pat, value, body) => Expr::Let(pat, value, Box::new(move_tail(*body, movable))),
        Expr::If(c, t, f) => Expr::If(
            c,
            Box::new(move_tail(*t, movable)),
            Box::new(move_tail(*f, movable)),
        ),
        Expr::Match(scrutinee, arms, loc) => Expr::Match(
            scrutinee,
            arms.into_iter()
                .map(|(p, b)| (p, move_tail(b, movable)))
                .collect(),
            loc,
        ),
        // `(xs, ys)`: only when every component is a distinct variable (or
        // a constant), so no component reads what another moved.
        Expr::Tuple(items) if distinct_variables(&items) => Expr::Tuple(move_all(items, movable)),
        // A builtin applied to distinct variables (or constants): it gets
        // them unshared (`def map f as = intrinsics.map f as` hands `as`
        // over, so that the map can run in its place).
        Expr::CallBuiltin(b, args, loc) if distinct_variables(&args) => {
            Expr::CallBuiltin(b, move_all(args, movable), loc)
        }
        other => other,
    }
}

fn move_all(items: Vec<Expr>, movable: &dyn Fn(u32) -> bool) -> Vec<Expr> {
    items.into_iter().map(|i| move_tail(i, movable)).collect()
}

fn distinct_variables(items: &[Expr]) -> bool {
    let mut seen = Vec::new();
    for item in items {
        match item {
            Expr::Local(slot) if !seen.contains(slot) => seen.push(*slot),
            Expr::Const(_) => {}
            _ => return false,
        }
    }
    true
}

/// Field accesses `e.a.b` on an expression.
fn fields(base: Expr, names: &[String]) -> Expr {
    names
        .iter()
        .fold(base, |e, f| Expr::Field(Box::new(e), Rc::from(f.as_str())))
}

/// The index (`SLICE`) and field (`FIELD_PATH`) steps of an update or
/// projection path, in order.
fn path_steps(node: &SyntaxNode) -> Vec<SyntaxNode> {
    nodes(node)
        .filter(|c| matches!(c.kind(), SLICE | FIELD_PATH))
        .collect()
}

/// Whether an attributed expression is `#[unsafe]`.
fn is_unsafe(node: &SyntaxNode) -> bool {
    has_attr(node, "unsafe")
}

/// The `#[sequential...]` attribute of an attributed expression.
fn sequential(node: &SyntaxNode) -> Option<crate::ir::Sequential> {
    use crate::ir::Sequential;
    [
        ("sequential", Sequential::All),
        ("sequential_inner", Sequential::Inner),
        ("sequential_outer", Sequential::Outer),
    ]
    .into_iter()
    .find(|(name, _)| has_attr(node, name))
    .map(|(_, s)| s)
}

/// The attributes of an attributed expression that the compiler carries
/// to the SOACs it makes (see [`Expr::Attrs`]): those steering
/// flattening, as written without blanks.
fn carried_attrs(node: &SyntaxNode) -> Vec<String> {
    node.children()
        .filter(|c| c.kind() == ATTR)
        .flat_map(|a| a.children())
        .filter(|i| i.kind() == ATTR_ITEM)
        .map(|i| i.text().to_string().split_whitespace().collect::<String>())
        .filter(|a| a.starts_with("flattening(") || a.starts_with("seq_factor("))
        .collect()
}

/// Whether a node (an attributed expression, a declaration) has the
/// attribute `name` among its own.
pub(super) fn has_attr(node: &SyntaxNode, name: &str) -> bool {
    node.children()
        .filter(|c| c.kind() == ATTR)
        .flat_map(|a| a.children())
        .any(|i| i.kind() == ATTR_ITEM && i.text().to_string().trim() == name)
}
