//! JSON output (docs/json.md).

use crate::json::{FileReport, Output, SCHEMA_VERSION};
use std::io::{self, Write};

/// Writes the whole report as one pretty-printed JSON document.
pub fn write(out: &mut dyn Write, files: &[FileReport]) -> io::Result<()> {
    let doc = Output {
        gorules: env!("CARGO_PKG_VERSION"),
        schema: SCHEMA_VERSION,
        files,
    };
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}
