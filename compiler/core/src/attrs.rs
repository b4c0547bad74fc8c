//! Attributes a SOAC carries from the source (`#[flattening(only_inner)]`
//! and the like): the internaliser gives each [`Screma`](crate::ir::Screma)
//! made under an attributed expression (what it nests and the functions it
//! inlines included, as Futhark's statements get their enclosing
//! expression's attributes), fusion keeps the union of the fused SOACs'
//! attributes, and kernel extraction reads them to choose versions.

use std::fmt;

/// A set of attributes, each as written without `#[` `]` and blanks
/// (`flattening(only_inner)`), in the order first seen.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attrs(Vec<String>);

impl Attrs {
    pub fn new(items: impl IntoIterator<Item = String>) -> Attrs {
        let mut a = Attrs::default();
        a.extend(items);
        a
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|s| s.as_str())
    }

    /// Whether the set holds the attribute `attr` (as written, no blanks).
    pub fn has(&self, attr: &str) -> bool {
        self.0.iter().any(|a| a == attr)
    }

    /// Whether the set holds `flattening(name)`.
    pub fn flattening(&self, name: &str) -> bool {
        self.0.iter().any(|a| {
            a.strip_prefix("flattening(")
                .and_then(|r| r.strip_suffix(')'))
                .is_some_and(|args| args.split(',').any(|x| x == name))
        })
    }

    /// Adds the attributes not in the set yet.
    pub fn extend(&mut self, items: impl IntoIterator<Item = String>) {
        for a in items {
            if !self.0.contains(&a) {
                self.0.push(a);
            }
        }
    }

    /// The attributes of both sets (this one's first): what a SOAC fused
    /// from two keeps.
    pub fn union(&self, other: &Attrs) -> Attrs {
        let mut a = self.clone();
        a.extend(other.0.iter().cloned());
        a
    }
}

/// `#[a] #[b] ` (empty for no attributes), as a statement's prefix.
impl fmt::Display for Attrs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for a in &self.0 {
            write!(f, "#[{a}] ")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Attrs;

    #[test]
    fn flattening_arguments_and_union() {
        let a = Attrs::new(["flattening(only_inner)".to_string()]);
        assert!(a.flattening("only_inner"));
        assert!(!a.flattening("only_intra"));
        let b = Attrs::new(["flattening(no_outer,no_intra)".to_string()]);
        assert!(b.flattening("no_intra"));
        let u = a.union(&b).union(&a);
        assert_eq!(u.iter().count(), 2);
        assert_eq!(
            u.to_string(),
            "#[flattening(only_inner)] #[flattening(no_outer,no_intra)] "
        );
    }
}
