//! The record and sum commands of `runic serve`: `fields`, `new`,
//! `project`, `variants`, `construct`, `destruct` and `variant`. A record
//! or sum type's fields and constructors come from its definition in the
//! program (`type state = {count: i32, sum: f64}`) or from its name when
//! the name is the type itself (`{count: i32}`, `(i32, f64)`); fields and
//! constructors are in alphabetical order, tuple components by position.

use std::rc::Rc;

use runic_eval::value::Value;

use super::types::Ty;
use super::{exact, lines, same_type, Failure, Reply, Server, Var};

/// The fields of a record type or the constructors of a sum type.
enum Shape {
    Record(Vec<(String, Ty)>),
    Tuple(Vec<Ty>),
    Sum(Vec<(String, Vec<Ty>)>),
}

impl Server {
    pub(super) fn compound_command(&mut self, command: &str, args: &[&str]) -> Reply {
        match command {
            "fields" => {
                let [name] = exact(args)?;
                match self.shape(name) {
                    Some(Shape::Record(fields)) => Ok(lines(
                        fields.iter().map(|(f, t)| format!("{f} {}", t.name())),
                    )),
                    Some(Shape::Tuple(items)) => Ok(lines(
                        items
                            .iter()
                            .enumerate()
                            .map(|(i, t)| format!("{i} {}", t.name())),
                    )),
                    _ => Err(format!("Not a record type: {name}")),
                }
            }
            "variants" => {
                let [name] = exact(args)?;
                let Some(Shape::Sum(variants)) = self.shape(name) else {
                    return Err(format!("Not a sum type: {name}"));
                };
                let mut out = String::new();
                for (constructor, payload) in variants {
                    out += &format!("{constructor}\n");
                    for t in payload {
                        out += &format!("- {}\n", t.name());
                    }
                }
                Ok(out)
            }
            "new" => self.new_record(args),
            "project" => self.project(args),
            "construct" => self.construct(args),
            "destruct" => self.destruct(args),
            "variant" => {
                let [name] = exact(args)?;
                match &self.var(name)?.value {
                    Value::Sum(sum) => Ok(format!("{}\n", sum.0)),
                    _ => Err(format!("Not a value of a sum type: {name}")),
                }
            }
            _ => Err(format!(
                "{command}: arrays of records are not supported by runic serve yet"
            )),
        }
    }

    /// The kind `kind` prints for a type.
    pub(super) fn kind(&self, ty: &Ty) -> &'static str {
        match ty {
            Ty::Prim { rank: 0, .. } => "primitive",
            Ty::Prim { .. } => "array",
            Ty::Opaque(name) => match self.shape(name) {
                Some(Shape::Record(_) | Shape::Tuple(_)) => "record",
                Some(Shape::Sum(_)) => "sum",
                None => "opaque",
            },
        }
    }

    /// The definition of a named type in the program's source, or the
    /// name itself when it is a record, tuple or sum type's text.
    fn definition(&self, name: &str) -> Option<String> {
        let name = name.trim();
        if name.starts_with(['{', '(', '#']) {
            return Some(name.to_string());
        }
        let pattern = format!(
            r"(?m)^[ \t]*type[\^~]?[ \t]+{}\b[^=\n]*=",
            regex::escape(name)
        );
        let found = regex::Regex::new(&pattern).ok()?.find(&self.source)?;
        let rest = &self.source[found.end()..];
        // Up to the next line that starts a declaration (no indentation).
        let end = rest
            .match_indices('\n')
            .map(|(i, _)| i)
            .find(|&i| {
                rest[i + 1..]
                    .chars()
                    .next()
                    .is_some_and(|c| !c.is_whitespace())
            })
            .unwrap_or(rest.len());
        let text: Vec<&str> = rest[..end]
            .lines()
            .map(|l| l.split("--").next().unwrap_or(""))
            .collect();
        Some(
            text.join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    fn shape(&self, name: &str) -> Option<Shape> {
        let text = self.definition(name)?;
        let as_ty = |t: &str| {
            Ty::parse(t, &self.opaque_types()).unwrap_or_else(|| Ty::Opaque(t.trim().to_string()))
        };
        if let Some(inner) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
            let mut fields = split_top(inner, ',')
                .iter()
                .map(|f| {
                    let (field, ty) = f.split_once(':')?;
                    Some((field.trim().to_string(), as_ty(ty)))
                })
                .collect::<Option<Vec<_>>>()?;
            fields.sort_by(|a, b| a.0.cmp(&b.0));
            return Some(Shape::Record(fields));
        }
        if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            let items = split_top(inner, ',');
            return (items.len() > 1)
                .then(|| Shape::Tuple(items.iter().map(|t| as_ty(t)).collect()));
        }
        if text.starts_with('#') {
            let mut variants = split_top(&text, '|')
                .iter()
                .map(|v| {
                    let words = split_top(v, ' ');
                    let constructor = words.first()?.trim_start_matches('#').to_string();
                    Some((constructor, words[1..].iter().map(|t| as_ty(t)).collect()))
                })
                .collect::<Option<Vec<_>>>()?;
            variants.sort_by(|a, b| a.0.cmp(&b.0));
            return Some(Shape::Sum(variants));
        }
        None
    }

    /// `new V0 TYPE V1 ... VN`: a record (or tuple) from its fields.
    fn new_record(&mut self, args: &[&str]) -> Reply {
        let [target, ty_name, names @ ..] = args else {
            return Err(format!(
                "Invalid argument count ({}, expected at least 2)",
                args.len()
            ));
        };
        self.fresh(target)?;
        let types: Vec<Ty> = match self.shape(ty_name) {
            Some(Shape::Record(fields)) => fields.iter().map(|f| f.1.clone()).collect(),
            Some(Shape::Tuple(items)) => items,
            _ => return Err(format!("Not a record type: {ty_name}")),
        };
        let values = self.typed_values(names, &types)?;
        let value = match self.shape(ty_name) {
            Some(Shape::Record(fields)) => Value::Record(
                fields
                    .into_iter()
                    .zip(values)
                    .map(|((f, _), v)| (Rc::from(f.as_str()), v))
                    .collect(),
            ),
            _ => Value::Tuple(values.into()),
        };
        let ty = Ty::Opaque(ty_name.to_string());
        self.vars.insert(target.to_string(), Var { value, ty });
        Ok(String::new())
    }

    /// The values of the variables `names`, checked against `types`.
    fn typed_values(&self, names: &[&str], types: &[Ty]) -> Result<Vec<Value>, Failure> {
        if names.len() != types.len() {
            return Err(format!(
                "Invalid argument count: {} value(s) where {} are taken",
                names.len(),
                types.len()
            ));
        }
        names
            .iter()
            .zip(types)
            .map(|(name, ty)| {
                let var = self.var(name)?;
                if !same_type(&var.ty, ty) {
                    return Err(format!(
                        "Wrong type of {name}: expected {}, got {}",
                        ty.name(),
                        var.ty.name()
                    ));
                }
                Ok(var.value.clone())
            })
            .collect()
    }

    /// `project TO FROM FIELD`.
    fn project(&mut self, args: &[&str]) -> Reply {
        let [target, source, field] = exact(args)?;
        self.fresh(target)?;
        let var = self.var(source)?;
        let value = match &var.value {
            Value::Record(fields) => fields
                .iter()
                .find(|(f, _)| &**f == field)
                .map(|f| f.1.clone()),
            Value::Tuple(items) => field
                .parse::<usize>()
                .ok()
                .and_then(|i| items.get(i).cloned()),
            _ => return Err(format!("Not a record: {source}")),
        };
        let value = value.ok_or_else(|| format!("No field {field} in {source}"))?;
        let declared = match self.shape(&var.ty.name()) {
            Some(Shape::Record(fields)) => fields.into_iter().find(|f| f.0 == field).map(|f| f.1),
            Some(Shape::Tuple(items)) => field
                .parse::<usize>()
                .ok()
                .and_then(|i| items.get(i).cloned()),
            _ => None,
        };
        let ty = declared.unwrap_or_else(|| type_of_value(&value));
        self.vars.insert(target.to_string(), Var { value, ty });
        Ok(String::new())
    }

    /// `construct V0 TYPE VARIANT V1 ... VN`.
    fn construct(&mut self, args: &[&str]) -> Reply {
        let [target, ty_name, constructor, names @ ..] = args else {
            return Err(format!(
                "Invalid argument count ({}, expected at least 3)",
                args.len()
            ));
        };
        self.fresh(target)?;
        let Some(Shape::Sum(variants)) = self.shape(ty_name) else {
            return Err(format!("Not a sum type: {ty_name}"));
        };
        let Some((_, payload)) = variants.iter().find(|v| v.0 == *constructor) else {
            return Err(format!("Unknown variant: {constructor}"));
        };
        let values = self.typed_values(names, payload)?;
        let value = Value::Sum(Rc::new((Rc::from(*constructor), values)));
        let ty = Ty::Opaque(ty_name.to_string());
        self.vars.insert(target.to_string(), Var { value, ty });
        Ok(String::new())
    }

    /// `destruct V0 V1 ... VN`: the payload of a sum value.
    fn destruct(&mut self, args: &[&str]) -> Reply {
        let [source, targets @ ..] = args else {
            return Err("Invalid argument count (0, expected at least 1)".into());
        };
        let var = self.var(source)?;
        let Value::Sum(sum) = &var.value else {
            return Err(format!("Not a value of a sum type: {source}"));
        };
        let (constructor, payload) = (&*sum.0, sum.1.clone());
        if payload.len() != targets.len() {
            return Err(format!(
                "Invalid argument count: variant {constructor} holds {} value(s)",
                payload.len()
            ));
        }
        let declared = match self.shape(&var.ty.name()) {
            Some(Shape::Sum(variants)) => variants
                .into_iter()
                .find(|v| v.0 == constructor)
                .map(|v| v.1),
            _ => None,
        };
        for target in targets {
            self.fresh(target)?;
        }
        for (i, (target, value)) in targets.iter().zip(payload).enumerate() {
            let ty = declared
                .as_ref()
                .and_then(|d| d.get(i).cloned())
                .unwrap_or_else(|| type_of_value(&value));
            self.vars.insert(target.to_string(), Var { value, ty });
        }
        Ok(String::new())
    }
}

/// The type of a value whose declared type is not known.
fn type_of_value(value: &Value) -> Ty {
    match value {
        Value::Prim(p) => Ty::Prim {
            rank: 0,
            prim: p.prim_type(),
        },
        Value::Array(a) => match a.data.first().and_then(|v| v.as_prim()) {
            Some(p) => Ty::Prim {
                rank: a.shape.len(),
                prim: p.prim_type(),
            },
            None => Ty::Opaque("opaque".into()),
        },
        _ => Ty::Opaque("opaque".into()),
    }
}

/// `text` split at `sep` where not inside brackets, parentheses or braces;
/// empty parts dropped.
fn split_top(text: &str, sep: char) -> Vec<String> {
    let mut parts = Vec::new();
    let (mut depth, mut current) = (0i32, String::new());
    for c in text.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        if c == sep && depth == 0 {
            parts.push(std::mem::take(&mut current));
        } else {
            current.push(c);
        }
    }
    parts.push(current);
    parts
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}
