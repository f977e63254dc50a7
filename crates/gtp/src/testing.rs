//! A scripted GTP engine for the tests of the match runner ([`crate::play`]) here and of
//! `gorules play`: a shell script (`sh` and `awk`) whose answers are fixed, so that a game's
//! report or a match's output can be compared whole. Built for tests and with the `testing`
//! feature.

use std::path::Path;

/// The script of [`scripted`]: `scripted-engine.sh NAME MOVES DEAD KNOWS SCORE`. It refuses
/// boards of more than 19 points a side, as GNU Go does.
const SCRIPT: &str = r#"name=$1; moves=$2; dead=$3; knows=$4; score=$5; n=0
while read -r id cmd rest; do
  case "$cmd" in
    name) printf '=%s %s\n\n' "$id" "$name";;
    boardsize) if [ "$rest" -gt 19 ]; then printf '?%s unacceptable size\n\n' "$id";
      else printf '=%s\n\n' "$id"; fi;;
    known_command) case " $knows " in
        *" $rest "*) printf '=%s true\n\n' "$id";;
        *) printf '=%s false\n\n' "$id";;
      esac;;
    genmove) n=$((n+1)); mv=$(echo "$moves" | awk -F, -v n=$n '{print $n}')
      case "$mv" in
        '') printf '=%s pass\n\n' "$id";;
        fail) printf '?%s cannot move\n\n' "$id";;
        *) printf '=%s %s\n\n' "$id" "$mv";;
      esac;;
    final_status_list) printf '=%s %s\n\n' "$id" "$dead";;
    final_score) printf '=%s %s\n\n' "$id" "$score";;
    gorules-dead) printf '?%s not now\n\n' "$id";;
    quit) printf '=%s\n\n' "$id"; exit 0;;
    *) printf '=%s\n\n' "$id";;
  esac
done
"#;

/// The command line of a scripted engine (the script is written into `dir`): it is called
/// `name` (with no version); its `genmove` answers are the comma-separated `moves` in turn,
/// over all the games it plays, then `pass` (`fail` fails the command); it knows the commands
/// listed in `knows` (space-separated), answers `final_status_list` with `dead` and
/// `final_score` with `score`, refuses `gorules-dead` and boards over 19×19, and accepts
/// every other command.
///
/// # Panics
/// When the script cannot be written.
#[must_use]
pub fn scripted(
    dir: &Path,
    name: &str,
    moves: &str,
    dead: &str,
    knows: &str,
    score: &str,
) -> String {
    let script = dir.join("scripted-engine.sh");
    std::fs::write(&script, SCRIPT).expect("the script is written");
    format!(
        "sh '{}' '{name}' '{moves}' '{dead}' '{knows}' '{score}'",
        script.display()
    )
}
