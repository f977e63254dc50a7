//! Helpers shared by the integration tests.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .and_then(Path::parent)
        .expect("crates/gorules lives two levels down")
        .to_path_buf()
}

/// Runs the gorules binary with `args`.
pub fn gorules<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the gorules binary runs")
}

/// Runs `gorules replay --format json` and parses its output.
pub fn replay_json<I, S>(args: I) -> (Value, Output)
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut all: Vec<std::ffi::OsString> = vec!["replay".into(), "--format".into(), "json".into()];
    all.extend(args.into_iter().map(|a| a.as_ref().to_owned()));
    let out = gorules(&all);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "gorules {all:?} did not print JSON ({e}); stderr:\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (v, out)
}

/// Checks that `actual` contains `expected` (docs: fixtures/README.md): objects recursively
/// as subsets, arrays element by element with equal length, numbers numerically, `null`
/// matching an absent key. Differences are appended to `errors` with their JSON path.
pub fn subset(expected: &Value, actual: Option<&Value>, path: &str, errors: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Null, None | Some(Value::Null)) => {}
        (_, None) => errors.push(format!("{path}: missing, expected {expected}")),
        (Value::Object(e), Some(Value::Object(a))) => {
            for (k, ev) in e {
                subset(ev, a.get(k), &format!("{path}.{k}"), errors);
            }
        }
        (Value::Array(e), Some(Value::Array(a))) => {
            if e.len() != a.len() {
                errors.push(format!(
                    "{path}: expected {} element(s), got {}: {}",
                    e.len(),
                    a.len(),
                    Value::Array(a.clone())
                ));
                return;
            }
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                subset(ev, Some(av), &format!("{path}[{i}]"), errors);
            }
        }
        (Value::Number(e), Some(Value::Number(a))) => {
            let (e, a) = (e.as_f64().unwrap(), a.as_f64().unwrap());
            if (e - a).abs() > 1e-9 {
                errors.push(format!("{path}: expected {e}, got {a}"));
            }
        }
        (e, Some(a)) => {
            if e != a {
                errors.push(format!("{path}: expected {e}, got {a}"));
            }
        }
    }
}

/// The picture files of `dir` (`check`/`diff --pictures`), sorted, each with its name hash
/// (`<stem>-<8 hex digits>-g<game>-<ruleset>.svg`) checked and taken out:
/// `<stem>-g<game>-<ruleset>.svg`.
pub fn picture_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            let at = name
                .find("-g")
                .unwrap_or_else(|| panic!("{name}: no -g<game>"));
            let (head, tail) = name.split_at(at);
            let (stem, hash) = head
                .rsplit_once('-')
                .unwrap_or_else(|| panic!("{name}: no hash"));
            assert!(
                hash.len() == 8 && hash.bytes().all(|b| b.is_ascii_hexdigit()),
                "{name}: the hash"
            );
            format!("{stem}{tail}")
        })
        .collect();
    names.sort();
    names
}

/// Where GNU Go is, if it is installed (Debian puts it in /usr/games).
pub fn gnugo() -> Option<PathBuf> {
    let mut candidates = vec![
        PathBuf::from("/usr/games/gnugo"),
        PathBuf::from("/usr/bin/gnugo"),
        PathBuf::from("/usr/local/bin/gnugo"),
    ];
    if let Some(path) = std::env::var_os("PATH") {
        candidates.extend(std::env::split_paths(&path).map(|d| d.join("gnugo")));
    }
    candidates.into_iter().find(|p| p.is_file())
}
