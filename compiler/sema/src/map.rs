//! The persistent maps from names that environments are made of.
//!
//! Checking a file keeps the environment after each top-level declaration
//! (the query layer memoises every one), so a declaration's insertion must
//! share everything with the map before it. A hash array mapped trie does:
//! an insertion copies only the path to the new entry. This one (rpds's)
//! keeps entries behind pointers, so a copied node is a short array of
//! pointers, not a block of entries, which keeps insertions cheap and the
//! retained versions small.

use std::borrow::Borrow;
use std::hash::Hash;
use std::sync::Arc;

use rustc_hash::FxBuildHasher;

/// A key: shared, so copies of a map's paths clone pointers, not strings.
pub type Name = Arc<str>;

/// Names are short and not attacker-chosen: FxHash, not SipHash.
type Trie<V> = rpds::HashTrieMap<Name, V, archery::ArcTK, FxBuildHasher>;

/// A persistent map from names: cloning is O(1) and shares the whole map.
#[derive(Clone)]
pub struct Map<V>(Trie<V>);

impl<V> Default for Map<V> {
    fn default() -> Self {
        Map(Trie::new_with_hasher_and_ptr_kind(FxBuildHasher))
    }
}

impl<V> Map<V> {
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        Name: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.0.get(key)
    }

    pub fn contains_key<Q>(&self, key: &Q) -> bool
    where
        Name: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.0.contains_key(key)
    }

    /// Adds `key`, replacing an earlier binding of it.
    pub fn insert(&mut self, key: impl Into<Name>, value: V) {
        self.0.insert_mut(key.into(), value);
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Name, &V)> {
        self.0.iter()
    }

    pub fn keys(&self) -> impl Iterator<Item = &Name> {
        self.0.keys()
    }
}

impl<V: Clone> Map<V> {
    pub fn get_mut<Q>(&mut self, key: &Q) -> Option<&mut V>
    where
        Name: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.0.get_mut(key)
    }

    /// Changes every value by `change` (rebuilding the map).
    pub fn update_values(&mut self, mut change: impl FnMut(&mut V)) {
        *self = self
            .iter()
            .map(|(key, value)| {
                let mut value = value.clone();
                change(&mut value);
                (key.clone(), value)
            })
            .collect();
    }
}

impl<'a, V> IntoIterator for &'a Map<V> {
    type Item = (&'a Name, &'a V);
    type IntoIter = rpds::map::hash_trie_map::Iter<'a, Name, V, archery::ArcTK>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<V> Extend<(Name, V)> for Map<V> {
    fn extend<I: IntoIterator<Item = (Name, V)>>(&mut self, entries: I) {
        for (key, value) in entries {
            self.insert(key, value);
        }
    }
}

impl<V> FromIterator<(Name, V)> for Map<V> {
    fn from_iter<I: IntoIterator<Item = (Name, V)>>(entries: I) -> Self {
        let mut map = Map::default();
        map.extend(entries);
        map
    }
}

/// Equal maps that share their root compare without a walk.
impl<V: PartialEq> PartialEq for Map<V> {
    fn eq(&self, other: &Map<V>) -> bool {
        self.0 == other.0
    }
}

impl<V: std::fmt::Debug> std::fmt::Debug for Map<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.0.iter()).finish()
    }
}
