//! The names records write in `RU[]`, and what each means.
//!
//! A name is compared after folding: lower case, the separators `-`, `_`, `/`, `.` and runs
//! of spaces read as one space, the ends trimmed, a trailing "rules"/"rule" dropped. So
//! `Tromp/Taylor`, `tromp-taylor` and `Tromp Taylor rules` are one name; `Japanese` and
//! `japanese` are one name. Nothing else is guessed.

use crate::katago::{
    AGA, AGA_BUTTON, ANCIENT_TERRITORY, CHINESE_SIMPLE_KO, CHINESE_SUPERKO, GOE, JAPANESE,
    NEW_ZEALAND, STONE_SCORING, Settings, TROMP_TAYLOR,
};
use crate::{Form, Ko, RulesDescription};

/// One known name: the name the rules go by, the folded spellings that mean it, its
/// settings, and a note on the reading when there is something to say.
#[derive(Debug, Clone, Copy)]
pub struct SgfName {
    /// The name the rules go by.
    pub name: &'static str,
    /// Spellings, folded (see the module docs).
    pub spellings: &'static [&'static str],
    /// A note on the reading, when there is one.
    pub note: Option<&'static str>,
    settings: Settings,
}

/// "Chinese/Tromp-Taylor": Chinese rules (suicide forbidden, positional superko) with
/// everything played out and the board counted as it stands, as computer tournaments play.
const CHINESE_TROMP_TAYLOR: Settings = Settings {
    ko: Ko::Positional,
    suicide: false,
    fpok: false,
    bonus: crate::HandicapBonus::Zero,
    ..TROMP_TAYLOR
};

/// "New Zealand" as the New Zealand Go Society writes its rules: KataGo's preset `nz`, but
/// with the rules' own komi: "In an even game, 7 points (komi) are added to the white
/// players territory" (KataGo's preset uses 7.5).
const NEW_ZEALAND_WRITTEN: Settings = Settings {
    komi: 7.0,
    ..NEW_ZEALAND
};

/// Every name we read in `RU[]`. The table in `docs/rule-names.md` is this list.
pub const SGF_NAMES: &[SgfName] = &[
    SgfName {
        name: "Japanese",
        spellings: &[
            "japanese",
            "japanese 1989",
            "j89",
            "nihon kiin",
            "日本规则",
            "日本ルール",
        ],
        note: None,
        settings: JAPANESE,
    },
    SgfName {
        name: "Korean",
        spellings: &["korean", "韩国规则"],
        note: None,
        settings: JAPANESE,
    },
    SgfName {
        name: "Chinese",
        spellings: &["chinese", "chinese 2002", "中国规则", "中国围棋规则"],
        note: Some(
            "in a record, Chinese names the written rules (text 004: 禁止全局同形, positional \
             superko), as KGS and OGS play them with N points of handicap compensation \
             (KataGo's chinese-kgs / chinese-ogs); KataGo's preset `chinese` plays simple ko",
        ),
        settings: CHINESE_SUPERKO,
    },
    SgfName {
        name: "Chinese-OGS",
        spellings: &["chinese ogs", "chineseogs"],
        note: None,
        settings: CHINESE_SUPERKO,
    },
    SgfName {
        name: "Chinese-KGS",
        spellings: &["chinese kgs", "chinesekgs"],
        note: None,
        settings: CHINESE_SUPERKO,
    },
    SgfName {
        name: "Chinese (simple ko)",
        spellings: &["chinese simple ko"],
        note: None,
        settings: CHINESE_SIMPLE_KO,
    },
    SgfName {
        name: "AGA",
        spellings: &["aga", "american go association", "bga", "french"],
        note: Some(
            "AGA rules count area (White hands over a stone for each pass, so territory and \
             area counts agree); BGA and French rules read the same way, as KataGo reads them",
        ),
        settings: AGA,
    },
    SgfName {
        name: "AGA button",
        spellings: &["aga button", "agabutton"],
        note: None,
        settings: AGA_BUTTON,
    },
    SgfName {
        name: "New Zealand",
        spellings: &["nz", "new zealand", "newzealand"],
        note: Some(
            "the New Zealand rules' own komi is 7 points (\"In an even game, 7 points (komi) are \
             added\"), used when the record gives none; KataGo's preset nz uses 7.5",
        ),
        settings: NEW_ZEALAND_WRITTEN,
    },
    SgfName {
        name: "GOE",
        spellings: &["goe", "ing", "ing goe", "ing's", "ings"],
        note: Some(
            "Ing's rules (SGF's GOE) count by filling in, with their own ko rules; read as \
             KataGo reads them: area, positional superko, suicide allowed",
        ),
        settings: GOE,
    },
    SgfName {
        name: "Tromp-Taylor",
        spellings: &["tromp taylor", "tromptaylor", "tt"],
        note: None,
        settings: TROMP_TAYLOR,
    },
    SgfName {
        name: "Chinese/Tromp-Taylor",
        spellings: &["chinese tromp taylor"],
        note: Some(
            "Chinese rules played out as Tromp–Taylor counts them: suicide forbidden, \
             positional superko, no dead stones agreed (the board counts as it stands)",
        ),
        settings: CHINESE_TROMP_TAYLOR,
    },
    SgfName {
        name: "Stone scoring",
        spellings: &[
            "stone scoring",
            "stonescoring",
            "ancient area",
            "ancientarea",
        ],
        note: None,
        settings: STONE_SCORING,
    },
    SgfName {
        name: "Ancient territory",
        spellings: &["ancient territory", "ancientterritory"],
        note: None,
        settings: ANCIENT_TERRITORY,
    },
];

/// Folds a name: lower case, separators as single spaces, no trailing "rules".
#[must_use]
pub(crate) fn fold(text: &str) -> String {
    let lower = text.to_lowercase();
    let spaced: String = lower
        .chars()
        .map(|c| {
            if matches!(c, '-' | '_' | '/' | '.') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let mut words: Vec<&str> = spaced.split_whitespace().collect();
    if words.len() > 1 && matches!(words.last(), Some(&"rules" | &"rule")) {
        words.pop();
    }
    words.join(" ")
}

/// The known name `text` folds to, described.
pub(crate) fn lookup(text: &str) -> Option<RulesDescription> {
    let folded = fold(text);
    let entry = SGF_NAMES
        .iter()
        .find(|n| n.spellings.contains(&folded.as_str()))?;
    let mut notes = Vec::new();
    if let Some(note) = entry.note {
        notes.push(note.to_owned());
    }
    if folded != fold(entry.name) && text.trim() != entry.name {
        notes.push(format!("{:?} read as {}", text.trim(), entry.name));
    }
    Some(
        entry
            .settings
            .describe(entry.name, text, Form::SgfName, notes),
    )
}
