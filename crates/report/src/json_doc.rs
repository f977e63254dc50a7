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

#[cfg(test)]
mod tests {
    use crate::testing::{file, plan};

    /// One document: the version that wrote it, the layout's version, the files in order.
    #[test]
    fn the_document_names_its_writer_and_layout_and_holds_every_file() {
        let tt = plan("tt");
        let files = [
            file("a.sgf", b"(;GM[1]SZ[5];B[cc])", &tt),
            file("b.sgf", b"none", &tt),
        ];
        let mut out = Vec::new();
        super::write(&mut out, &files).unwrap();
        assert_eq!(out.last(), Some(&b'\n'));
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(doc["gorules"], env!("CARGO_PKG_VERSION"));
        assert_eq!(doc["schema"], crate::SCHEMA_VERSION);
        assert_eq!(doc["files"][0]["file"], "a.sgf");
        assert_eq!(
            doc["files"][0]["games"][0]["verdicts"][0]["ruleset"],
            "tromp-taylor"
        );
        assert_eq!(doc["files"][1]["error"]["kind"], "no-game-tree");
    }
}
