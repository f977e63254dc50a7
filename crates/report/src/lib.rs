//! # report
//!
//! How gorules says things. The pipeline ([`analysis`]) finds facts; this crate puts them in
//! words and formats, and nothing below it writes a sentence for a reader:
//!
//! * [`json`] — the JSON types of `replay` and `check` ([`FileReport`], [`GameEntry`]) made
//!   from a [`GameAnalysis`](analysis::GameAnalysis), and the one-document writer
//!   ([`json_doc`]);
//! * [`table`] — the tables of `replay` for people, and [`table::sanitize`] for any text from
//!   a file that reaches a terminal;
//! * [`check`] — `check`'s JSON Lines records, the summary that accounts for every input and
//!   its tables;
//! * [`diff`] — `diff`'s JSON and text;
//! * [`pictures`] — titles, captions and file names of the pictures;
//! * [`words`] — the pipeline's notes, `RU` readings and rule 17's claims in words;
//! * [`verdict_words`] — what the replay driver found, in words: the result check's detail, what it noticed;
//! * [`schema`] — the JSON Schemas of the outputs (docs/schema/).
#![deny(missing_docs)]

pub mod basis;
pub mod check;
pub mod check_stream;
pub mod diff;
pub mod json;
pub mod json_doc;
pub mod pictures;
pub mod schema;
pub mod table;
#[cfg(test)]
mod testing;
pub mod verdict_words;
pub mod words;

pub use json::{ErrorReport, FileReport, GameEntry, Output, SCHEMA_VERSION};
