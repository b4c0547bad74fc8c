//! The array commands of `runic serve`: `rank`, `elemtype`, `new_array`,
//! `set`, `shape` and `index`.

use std::rc::Rc;

use runic_eval::value::{Array, Value};

use super::types::Ty;
use super::{exact, lines, Failure, Reply, Server, Var};

impl Server {
    pub(super) fn array_command(&mut self, command: &str, args: &[&str]) -> Reply {
        match command {
            "rank" => {
                let [name] = exact(args)?;
                let (rank, _) = self.array_type(name)?;
                Ok(format!("{rank}\n"))
            }
            "elemtype" => {
                let [name] = exact(args)?;
                let (_, elem) = self.array_type(name)?;
                Ok(format!("{}\n", elem.name()))
            }
            "shape" => {
                let [name] = exact(args)?;
                let var = self.array_var(name)?;
                Ok(lines(var.value.shape().iter().map(|d| d.to_string())))
            }
            "new_array" => self.new_array(args),
            "set" => self.set(args),
            "index" => self.index(args),
            _ => Err(format!("Unknown command: {command}")),
        }
    }

    /// The rank and element type of an array type.
    fn array_type(&self, name: &str) -> Result<(usize, Ty), Failure> {
        match self.ty(name)? {
            Ty::Prim { rank, prim } if rank > 0 => Ok((rank, Ty::Prim { rank: 0, prim })),
            _ => Err(format!("Not an array type: {name}")),
        }
    }

    fn array_var(&self, name: &str) -> Result<&Var, Failure> {
        let var = self.var(name)?;
        match var.ty {
            Ty::Prim { rank, .. } if rank > 0 => Ok(var),
            _ => Err(format!("Not an array: {name}")),
        }
    }

    /// `new_array V TYPE S0 ... SN-1 V1 ... VM`.
    fn new_array(&mut self, args: &[&str]) -> Reply {
        let [target, ty_name, rest @ ..] = args else {
            return Err(format!(
                "Invalid argument count ({}, expected at least 2)",
                args.len()
            ));
        };
        self.fresh(target)?;
        let (rank, elem) = self.array_type(ty_name)?;
        if rest.len() < rank {
            return Err(format!(
                "Invalid argument count ({}, expected at least {})",
                args.len(),
                rank + 2
            ));
        }
        let (dims, names) = rest.split_at(rank);
        let shape = dims
            .iter()
            .map(|d| {
                d.parse::<i64>()
                    .ok()
                    .filter(|d| *d >= 0)
                    .ok_or_else(|| format!("Invalid dimension: {d}"))
            })
            .collect::<Result<Vec<i64>, Failure>>()?;
        let count = shape
            .iter()
            .try_fold(1usize, |acc, d| acc.checked_mul(*d as usize));
        if count != Some(names.len()) {
            return Err(format!(
                "Invalid argument count: {} element(s) given for shape {:?}",
                names.len(),
                shape
            ));
        }
        let mut data = Vec::with_capacity(names.len());
        for name in names {
            let var = self.var(name)?;
            if var.ty != elem {
                return Err(format!(
                    "Wrong type of {name}: expected {}, got {}",
                    elem.name(),
                    var.ty.name()
                ));
            }
            data.push(var.value.clone());
        }
        let ty = self.ty(ty_name)?;
        let value = Value::Array(Rc::new(Array::new(shape, data)));
        self.vars.insert(target.to_string(), Var { value, ty });
        Ok(String::new())
    }

    /// The flat position of `indices` in `array`, checked against its shape.
    fn flat_index(array: &Array, indices: &[&str]) -> Result<usize, Failure> {
        if indices.len() != array.shape.len() {
            return Err(format!(
                "Invalid argument count: {} index(es) for an array of rank {}",
                indices.len(),
                array.shape.len()
            ));
        }
        let mut flat = 0usize;
        for (index, dim) in indices.iter().zip(&array.shape) {
            let i = index
                .parse::<i64>()
                .map_err(|_| format!("Invalid index: {index}"))?;
            if i < 0 || i >= *dim {
                let shown: Vec<String> = array.shape.iter().map(|d| format!("[{d}]")).collect();
                return Err(format!(
                    "Index [{}] out of bounds for array of shape {}.",
                    indices.join("]["),
                    shown.concat()
                ));
            }
            flat = flat * (*dim as usize) + i as usize;
        }
        Ok(flat)
    }

    /// `set V0 V1 I0 ... IN-1`: an in-place update of an array variable.
    fn set(&mut self, args: &[&str]) -> Reply {
        let [target, source, indices @ ..] = args else {
            return Err(format!(
                "Invalid argument count ({}, expected at least 2)",
                args.len()
            ));
        };
        let array = self.array_var(target)?;
        let Ty::Prim { prim, .. } = array.ty else {
            unreachable!("array_var gives arrays")
        };
        let Value::Array(data) = &array.value else {
            return Err(format!("Not an array: {target}"));
        };
        let at = Self::flat_index(data, indices)?;
        let elem = self.var(source)?;
        if elem.ty != (Ty::Prim { rank: 0, prim }) {
            return Err(format!(
                "Wrong type of {source}: expected {}, got {}",
                prim.name(),
                elem.ty.name()
            ));
        }
        let new = elem.value.clone();
        let var = self.vars.get_mut(*target).expect("checked above");
        if let Value::Array(data) = &mut var.value {
            Rc::make_mut(data).data.set(at, new);
        }
        Ok(String::new())
    }

    /// `index V0 V1 I0 ... IN-1`: one element of an array.
    fn index(&mut self, args: &[&str]) -> Reply {
        let [target, source, indices @ ..] = args else {
            return Err(format!(
                "Invalid argument count ({}, expected at least 2)",
                args.len()
            ));
        };
        self.fresh(target)?;
        let array = self.array_var(source)?;
        let Ty::Prim { prim, .. } = array.ty else {
            unreachable!("array_var gives arrays")
        };
        let Value::Array(data) = &array.value else {
            return Err(format!("Not an array: {source}"));
        };
        let at = Self::flat_index(data, indices)?;
        let value = data.data.get(at);
        let ty = Ty::Prim { rank: 0, prim };
        self.vars.insert(target.to_string(), Var { value, ty });
        Ok(String::new())
    }
}
