//! Generated reference docs: docs/cli.md from the clap definitions (fails when stale), shell
//! completions and the man page. Regenerate: `UPDATE_DOCS=1 cargo test -p gorules --test it docs`.

use crate::check::run;
use crate::util::root;

/// Compares a generated document with its file; rewrites the file when `UPDATE_DOCS` is set.
pub fn check_generated(rel: &str, generated: &str) {
    let path = root().join(rel);
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, generated).unwrap();
        return;
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "{rel} is stale: regenerate it with `UPDATE_DOCS=1 cargo test -p gorules --test it docs`"
    );
}

#[test]
fn docs_cli_md_is_up_to_date() {
    let out = run(&["cli-reference"]);
    assert!(out.status.success());
    let md = String::from_utf8(out.stdout).unwrap();
    for cmd in ["replay", "check", "diff", "schema", "completions", "man"] {
        assert!(md.contains(&format!("## gorules {cmd}")), "{cmd}");
    }
    assert!(md.contains("--fail-on"));
    check_generated("docs/cli.md", &md);
}

#[test]
fn docs_completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = run(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("fail-on") && text.contains("check"),
            "{shell}"
        );
    }
    assert_eq!(run(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn docs_man_pages() {
    let out = run(&["man"]);
    assert!(out.status.success());
    let roff = String::from_utf8(out.stdout).unwrap();
    assert!(roff.contains(".TH gorules"), "{roff}");
    assert!(roff.contains("check"));
    let out = run(&["man", "check"]);
    let roff = String::from_utf8(out.stdout).unwrap();
    assert!(roff.contains(".TH gorules-check"), "{roff}");
    assert!(roff.contains("fail\\-on"));
    assert_eq!(run(&["man", "nope"]).status.code(), Some(2));
}
