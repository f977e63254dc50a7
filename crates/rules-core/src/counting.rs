//! The counting families: how a ruleset counts, and how the rules a record declares count.
//! A fact of its own, so that the record (which declares rules) and the rulesets (which
//! count) both read it without reading each other.

use serde::{Deserialize, Serialize};

/// How a ruleset counts: recorded results can only be compared within a family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    /// Stones plus surrounded points (Tromp–Taylor, Chinese, AGA, NZ…).
    Area,
    /// Area plus captured stones (text 000, `logical`): matches no server's count.
    AreaWithCaptures,
    /// Surrounded points plus captives (Japanese, Korean, Pauli).
    Territory,
}
