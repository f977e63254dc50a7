//! The JSON Schemas of the outputs (docs/schema/, `gorules schema`), generated from the types
//! that write them.

use crate::check::{Record, Summary};
use crate::diff::DiffOutput;
use crate::json::Output;
use schemars::JsonSchema;

/// The JSON document of `--format json`, for the schema (the command streams it by hand).
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct CheckOutput<'a> {
    /// The replay JSON's fields: `gorules`, `schema`, `files`.
    #[serde(flatten)]
    pub output: Output<'a>,
    /// Files that are not game records.
    pub skipped: Vec<SkippedFile>,
    /// The summary.
    pub summary: Summary,
}

/// A skipped file in `--format json`.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct SkippedFile {
    /// The file.
    pub file: String,
    /// Why it was not read.
    pub reason: String,
}

/// The outputs with a JSON schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Of {
    /// `gorules replay --format json`.
    Replay,
    /// `gorules check --format json`.
    Check,
    /// One record of `gorules check --format jsonl`.
    CheckJsonl,
    /// `gorules diff --format json`.
    Diff,
}

/// The JSON schema of an output, pretty-printed.
#[must_use]
pub fn text(of: Of) -> String {
    match of {
        Of::Replay => of_type::<Output<'static>>(),
        Of::Check => of_type::<CheckOutput<'static>>(),
        Of::CheckJsonl => of_type::<Record<'static>>(),
        Of::Diff => of_type::<DiffOutput>(),
    }
}

fn of_type<T: JsonSchema>() -> String {
    // The schema of what gorules writes: a field skipped when empty is not required.
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let schema = generator.into_root_schema_for::<T>();
    serde_json::to_string_pretty(&schema).expect("a schema serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each output's schema is a draft 2020-12 schema of its own top-level type, whose
    /// required fields are those always written.
    #[test]
    fn each_output_has_the_schema_of_its_type() {
        for (of, title, required) in [
            (Of::Replay, "Output", "files"),
            (Of::Check, "CheckOutput", "summary"),
            (Of::CheckJsonl, "Record", ""),
            (Of::Diff, "DiffOutput", "files"),
        ] {
            let schema: serde_json::Value = serde_json::from_str(&text(of)).unwrap();
            assert_eq!(
                schema["$schema"],
                "https://json-schema.org/draft/2020-12/schema"
            );
            assert_eq!(schema["title"], title);
            if !required.is_empty() {
                let fields = schema["required"].as_array().unwrap();
                assert!(fields.iter().any(|f| f == required), "{of:?}: {fields:?}");
            }
        }
    }
}
