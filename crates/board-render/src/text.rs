//! Words shared by the renderers: what each kind of point means under each counting, XML
//! escaping, and wrapping captions.

use rules_core::{PointKind, ScoringMethod};

/// Which legend entry a point belongs to (the colours of one entry are drawn together).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Entry {
    Stones,
    Dead,
    Territory,
    Shared,
    Dame,
    Undecided,
    Mutual,
}

impl Entry {
    pub(crate) fn of(kind: PointKind) -> Entry {
        match kind {
            PointKind::Stone(_) | PointKind::UncountedStone(_) => Entry::Stones,
            PointKind::DeadStone(_) => Entry::Dead,
            PointKind::Territory(_) => Entry::Territory,
            PointKind::Shared => Entry::Shared,
            PointKind::Dame => Entry::Dame,
            PointKind::Undecided => Entry::Undecided,
            PointKind::Mutual => Entry::Mutual,
        }
    }

    /// What the entry means under `method` (no overlay: plain stones).
    pub(crate) fn words(self, method: Option<ScoringMethod>) -> &'static str {
        use ScoringMethod as M;
        match (self, method) {
            (Entry::Stones, None) => "stones",
            (Entry::Stones, Some(M::Territory)) => "live stones (count nothing under rule 5)",
            (Entry::Stones, Some(_)) => "stones, each counted for its owner",
            (Entry::Dead, Some(M::Territory)) => {
                "dead stones: location and stone count for the opponent (rule 5)"
            }
            (Entry::Dead, _) => "dead stones: removed, the point counts for the opponent",
            (Entry::Territory, Some(M::Territory)) => {
                "empty locations controlled by Black / White (rule 14)"
            }
            (Entry::Territory, _) => "empty points reaching only Black / White, counted",
            (Entry::Shared, _) => "dame reaching both colours: half a point each",
            (Entry::Dame, _) => "counted for nobody (dame, seki, neutral)",
            (Entry::Undecided, _) => "undecided (control not proved): counted for nobody",
            (Entry::Mutual, _) => "controlled by both players: counted for both",
        }
    }
}

/// The legend's words for a symbol drawn with a `?` beside it.
pub(crate) const COUNTED_UNDECIDED: &str = "undecided (control not proved): counted as they stand";

/// Escapes text for XML content and attribute values.
pub(crate) fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow at all.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{FFFD}'),
            '\u{FFFE}' | '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Splits `text` into lines of at most `width` characters at spaces (a longer word stands
/// alone on its line).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_control_characters() {
        assert_eq!(
            xml_escape("a<b & \"c\" 'd'>\u{1}"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;\u{FFFD}"
        );
    }

    #[test]
    fn wraps_at_spaces() {
        assert_eq!(wrap("aa bb cc dd", 5), vec!["aa bb", "cc dd"]);
        assert_eq!(wrap("abcdefgh ij", 4), vec!["abcdefgh", "ij"]);
        assert_eq!(wrap("", 4), vec![""]);
        // A line and its next word together take the space between them.
        assert_eq!(wrap("ab cd", 4), vec!["ab", "cd"]);
        assert_eq!(wrap("ab cd", 5), vec!["ab cd"]);
    }
}
