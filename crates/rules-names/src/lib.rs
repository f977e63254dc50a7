//! # rules-names
//!
//! Rule names as people and programs write them, read into a described rules value, and the
//! gorules ruleset nearest to it.
//!
//! * [`read`] takes what a record's `RU[]` says (`Japanese`, `chinese`, `AGA`, `NZ`,
//!   `New Zealand`, `GOE`, `Ing`, `Korean`, `Tromp-Taylor`, `Tromp/Taylor`, `TT`,
//!   `Chinese/Tromp-Taylor`…) and, failing a known name, KataGo's own forms.
//! * [`read_katago`] takes a KataGo rules string exactly as KataGo's `Rules::parseRules` reads
//!   it: a preset name (`chinese`, `chinese-ogs`, `japanese`, `aga-button`, `stone-scoring`…),
//!   the short form (`koPOSITIONALscoreAREAsui1`, with `tax…`, `button…`, `whb…`, `fpok…`,
//!   `komi…`) or the JSON form (`{"ko":"POSITIONAL","scoring":"AREA","suicide":true}`).
//! * Both give a [`RulesDescription`] — ko rule, scoring, tax, suicide, button, handicap bonus,
//!   friendly pass, default komi, counting family — with [`RulesDescription::describe`] in
//!   words and [`RulesDescription::mapping`] to the nearest gorules ruleset (`tromp-taylor`,
//!   `chinese` with its options, `pauli`), saying what the mapping changes.
//! * A name we do not know is [`NameError::Unknown`], a KataGo string we cannot read is
//!   [`NameError::Malformed`]: nothing is guessed.
//!
//! The table of names, with the counts of each in the test corpus, is `docs/rule-names.md`.
//!
//! ```
//! use rules_names::{read, read_katago, Ko, NameError, Scoring, Target};
//! use rules_core::Counting;
//!
//! let j = read("Japanese").unwrap();
//! assert_eq!(j.scoring, Scoring::Territory);
//! assert_eq!(j.counting(), Counting::Territory);
//! let m = j.mapping();
//! assert_eq!(m.ruleset, "pauli");
//! assert!(m.explain().starts_with("Japanese (territory scoring) → pauli"));
//!
//! // In a record, "Chinese" is the written rules (positional superko); KataGo's preset of
//! // that name plays simple ko.
//! assert_eq!(read("chinese").unwrap().ko, Ko::Positional);
//! assert_eq!(read_katago("chinese").unwrap().ko, Ko::Simple);
//!
//! let nz = read("koSITUATIONALscoreAREAsui1").unwrap();
//! assert!(matches!(nz.mapping().target, Target::Chinese { suicide_allowed: true, .. }));
//!
//! assert_eq!(read("Mah-jong"), Err(NameError::Unknown("Mah-jong".into())));
//! ```
#![deny(missing_docs)]

pub mod infer;
mod katago;
mod names;

pub use infer::{Inference, infer, resumption};
pub use katago::read_katago;
pub use names::{SGF_NAMES, SgfName};

use rules_core::{Counting, KoRule, SuperkoKind};
use serde::Serialize;
use std::fmt;

/// How repetition is prevented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ko {
    /// Only the immediate recapture of a single-stone ko is forbidden; longer cycles are left
    /// to the referee (KataGo `SIMPLE`).
    Simple,
    /// No move may recreate an earlier board (KataGo `POSITIONAL`).
    Positional,
    /// No move may recreate an earlier board with the same player to move (KataGo
    /// `SITUATIONAL`).
    Situational,
    /// Spight's ko rule (KataGo `SPIGHT`): cycles decided by who started them.
    Spight,
}

/// What is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Stones plus surrounded points (KataGo `AREA`).
    Area,
    /// Surrounded points plus captives (KataGo `TERRITORY`).
    Territory,
}

/// Points a group pays for its eyes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tax {
    /// No tax (KataGo `NONE`).
    None,
    /// Points surrounded by groups in seki are not counted (KataGo `SEKI`, the Japanese
    /// custom).
    Seki,
    /// Every group pays up to two points for its eyes (KataGo `ALL`: stone scoring, ancient
    /// rules).
    All,
}

/// Points White receives in a handicap game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum HandicapBonus {
    /// None (KataGo `"0"`).
    #[serde(rename = "0")]
    Zero,
    /// N for N handicap stones (KataGo `"N"`).
    #[serde(rename = "N")]
    N,
    /// N − 1 for N handicap stones (KataGo `"N-1"`).
    #[serde(rename = "N-1")]
    NMinusOne,
}

impl HandicapBonus {
    /// KataGo's spelling: `0`, `N`, `N-1`.
    #[must_use]
    pub fn katago(self) -> &'static str {
        match self {
            HandicapBonus::Zero => "0",
            HandicapBonus::N => "N",
            HandicapBonus::NMinusOne => "N-1",
        }
    }
}

/// Which form the text was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// A name as records write it in `RU[]` (docs/rule-names.md).
    SgfName,
    /// One of KataGo's preset names.
    KataGoPreset,
    /// KataGo's short form (`koPOSITIONALscoreAREAsui1…`).
    KataGoShort,
    /// KataGo's JSON form.
    KataGoJson,
}

/// A set of rules, described by the features that tell rulesets apart (KataGo's list of
/// them), with the name and the text it was read from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulesDescription {
    /// The name the rules go by (`Japanese`, `Chinese`, `AGA`…), or `custom` for a KataGo
    /// string that matches no preset.
    pub name: String,
    /// The text as given, verbatim.
    pub text: String,
    /// How the text was read.
    pub form: Form,
    /// Repetition.
    pub ko: Ko,
    /// Area or territory.
    pub scoring: Scoring,
    /// Group tax.
    pub tax: Tax,
    /// Whether suicide (of more than one stone: a single-stone suicide always repeats the
    /// board) is legal.
    pub suicide: bool,
    /// Button go: the first player to pass receives half a point.
    pub has_button: bool,
    /// Compensation to White in handicap games.
    pub white_handicap_bonus: HandicapBonus,
    /// Whether the game may end by passing with dead stones still on the board (they are
    /// agreed dead); `false` means everything is played out and the board counted as it
    /// stands.
    pub friendly_pass_ok: bool,
    /// The komi these rules use when nothing else is said (KataGo's default for the preset,
    /// or the komi written in a KataGo string).
    pub komi: Option<f64>,
    /// What the reading noticed (an alias, a dialect difference…).
    pub notes: Vec<String>,
}

impl RulesDescription {
    /// The counting family, for comparing a recorded result with a computed one.
    #[must_use]
    pub fn counting(&self) -> Counting {
        match self.scoring {
            Scoring::Area => Counting::Area,
            Scoring::Territory => Counting::Territory,
        }
    }

    /// The rules in words.
    #[must_use]
    pub fn describe(&self) -> String {
        let ko = match self.ko {
            Ko::Simple => "simple ko",
            Ko::Positional => "positional superko",
            Ko::Situational => "situational superko",
            Ko::Spight => "Spight's ko rule",
        };
        let scoring = match self.scoring {
            Scoring::Area => "area scoring",
            Scoring::Territory => "territory scoring",
        };
        let tax = match self.tax {
            Tax::None => "no group tax",
            Tax::Seki => "no points in seki",
            Tax::All => "every group pays for its eyes (group tax)",
        };
        let suicide = if self.suicide {
            "suicide allowed"
        } else {
            "suicide forbidden"
        };
        let bonus = match self.white_handicap_bonus {
            HandicapBonus::Zero => "no handicap compensation",
            HandicapBonus::N => "N points to White for N handicap stones",
            HandicapBonus::NMinusOne => "N−1 points to White for N handicap stones",
        };
        let end = if self.friendly_pass_ok {
            "dead stones agreed at the end"
        } else {
            "everything played out (the board counts as it stands)"
        };
        let mut s = format!("{}: {scoring}, {ko}, {suicide}, {tax}", self.name);
        if self.has_button {
            s.push_str(", button (½ point to the first to pass)");
        }
        s.push_str(&format!(", {bonus}, {end}"));
        if let Some(k) = self.komi {
            s.push_str(&format!(
                ", komi {} by default",
                rules_core::score::points(k)
            ));
        }
        s.push_str(&format!(
            " (read {:?} as {})",
            self.text,
            match self.form {
                Form::SgfName => "a rules name",
                Form::KataGoPreset => "a KataGo preset",
                Form::KataGoShort => "KataGo's short form",
                Form::KataGoJson => "KataGo's JSON form",
            }
        ));
        s
    }

    /// KataGo's short form of these rules, without komi (as KataGo's `toStringNoKomi` writes
    /// it): `koPOSITIONALscoreAREAtaxNONEsui1`, then `button1`, `whbN`, `fpok1` when set.
    #[must_use]
    pub fn katago(&self) -> String {
        let mut s = format!(
            "ko{}score{}tax{}sui{}",
            katago::ko_word(self.ko),
            katago::scoring_word(self.scoring),
            katago::tax_word(self.tax),
            u8::from(self.suicide)
        );
        if self.has_button {
            s.push_str("button1");
        }
        if self.white_handicap_bonus != HandicapBonus::Zero {
            s.push_str("whb");
            s.push_str(self.white_handicap_bonus.katago());
        }
        if self.friendly_pass_ok {
            s.push_str("fpok1");
        }
        s
    }

    /// KataGo's JSON form of these rules (as `kata-get-rules` answers), komi included when
    /// known.
    #[must_use]
    pub fn katago_json(&self) -> String {
        let mut m = serde_json::Map::new();
        m.insert("hasButton".into(), self.has_button.into());
        m.insert("ko".into(), katago::ko_word(self.ko).into());
        m.insert("scoring".into(), katago::scoring_word(self.scoring).into());
        m.insert("suicide".into(), self.suicide.into());
        m.insert("tax".into(), katago::tax_word(self.tax).into());
        m.insert(
            "whiteHandicapBonus".into(),
            self.white_handicap_bonus.katago().into(),
        );
        m.insert("friendlyPassOk".into(), self.friendly_pass_ok.into());
        if let Some(k) = self.komi {
            m.insert("komi".into(), k.into());
        }
        serde_json::Value::Object(m).to_string()
    }

    /// Whether two descriptions name the same rules (komi, name, text and notes aside).
    #[must_use]
    pub fn same_rules(&self, other: &RulesDescription) -> bool {
        self.ko == other.ko
            && self.scoring == other.scoring
            && self.tax == other.tax
            && self.suicide == other.suicide
            && self.has_button == other.has_button
            && self.white_handicap_bonus == other.white_handicap_bonus
            && self.friendly_pass_ok == other.friendly_pass_ok
    }

    /// The gorules ruleset nearest to these rules, and what taking it changes.
    #[must_use]
    pub fn mapping(&self) -> Mapping {
        mapping(self)
    }
}

impl fmt::Display for RulesDescription {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// A gorules ruleset with the options a mapping chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "ruleset", rename_all = "kebab-case")]
pub enum Target {
    /// `tromp-taylor`.
    TrompTaylor,
    /// `chinese` with these options.
    Chinese {
        /// `--suicide allowed` (default forbidden).
        suicide_allowed: bool,
        /// `--ko` (default superko; simple for KataGo's `koSIMPLE`).
        ko: KoRule,
        /// `--superko` (default positional).
        superko: SuperkoKind,
        /// `--handicap-compensation` (`0` = none, the default).
        compensation: HandicapBonus,
    },
    /// `pauli`.
    Pauli,
}

impl Target {
    /// The ruleset id.
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Target::TrompTaylor => "tromp-taylor",
            Target::Chinese { .. } => "chinese",
            Target::Pauli => "pauli",
        }
    }

    /// The ruleset with its options, as one would ask for it: `chinese (suicide allowed,
    /// situational superko, handicap compensation n-1)`.
    #[must_use]
    pub fn spelled(&self) -> String {
        match self {
            Target::Chinese {
                suicide_allowed,
                ko,
                superko,
                compensation,
            } => format!(
                "chinese (suicide {}, {}, handicap compensation {})",
                if *suicide_allowed {
                    "allowed"
                } else {
                    "forbidden"
                },
                match (ko, superko) {
                    (KoRule::Simple, _) => "simple ko",
                    (KoRule::Superko, SuperkoKind::Positional) => "positional superko",
                    (KoRule::Superko, SuperkoKind::Situational) => "situational superko",
                },
                match compensation {
                    HandicapBonus::Zero => "none",
                    HandicapBonus::N => "n",
                    HandicapBonus::NMinusOne => "n-1",
                }
            ),
            other => other.id().to_owned(),
        }
    }
}

/// The nearest gorules ruleset to a described set of rules.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mapping {
    /// The ruleset id (`tromp-taylor`, `chinese`, `pauli`). `logical` is never the nearest:
    /// no one counts area plus captures.
    pub ruleset: &'static str,
    /// The ruleset and its options.
    pub target: Target,
    /// Whether the ruleset is these rules exactly (nothing changes).
    pub exact: bool,
    /// What the mapping changes, one sentence each; empty when exact.
    pub changes: Vec<String>,
    /// The described rules' name and scoring, for [`Mapping::explain`].
    from: String,
}

impl Mapping {
    /// One paragraph: "Japanese (territory scoring) → pauli: …".
    #[must_use]
    pub fn explain(&self) -> String {
        let mut s = format!("{} → {}", self.from, self.target.spelled());
        if self.exact {
            s.push_str(": the same rules");
        } else {
            s.push_str(": ");
            s.push_str(&self.changes.join("; "));
        }
        s
    }
}

fn mapping(d: &RulesDescription) -> Mapping {
    let from = format!(
        "{} ({} scoring)",
        d.name,
        match d.scoring {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        }
    );
    let mut changes = Vec::new();
    if d.scoring == Scoring::Territory {
        changes.push(
            "Pauli's Logical Japanese Rules (text 002) are our territory ruleset: territory \
             plus captives, decided by its own ko, cycle and control rules"
                .to_owned(),
        );
        if d.name == "Japanese" || d.name == "Korean" {
            changes.push(format!(
                "the {} rules' ko confirmation and life-and-death rulings (J89's disputes) \
                 differ from Pauli's in rare cases",
                d.name
            ));
        }
        match d.ko {
            Ko::Simple => {}
            Ko::Positional | Ko::Situational | Ko::Spight => changes.push(format!(
                "the declared {} becomes Pauli's ko and cycle rules",
                ko_words(d.ko)
            )),
        }
        if d.suicide {
            changes.push("suicide, allowed by these rules, is forbidden (Pauli rule 10)".into());
        }
        if d.tax == Tax::All {
            changes.push("the group tax (two points per group) is not counted".into());
        }
        if d.has_button {
            changes.push("the button (½ point) is not counted".into());
        }
        if d.white_handicap_bonus != HandicapBonus::Zero {
            changes.push(format!(
                "the handicap bonus ({} points to White) is not counted",
                d.white_handicap_bonus.katago()
            ));
        }
        return Mapping {
            ruleset: "pauli",
            target: Target::Pauli,
            exact: false,
            changes,
            from,
        };
    }
    // Area scoring.
    let tromp_taylor = d.ko == Ko::Positional
        && d.suicide
        && d.tax == Tax::None
        && !d.has_button
        && d.white_handicap_bonus == HandicapBonus::Zero
        && !d.friendly_pass_ok;
    if tromp_taylor {
        return Mapping {
            ruleset: "tromp-taylor",
            target: Target::TrompTaylor,
            exact: true,
            changes,
            from,
        };
    }
    let (ko, superko) = match d.ko {
        Ko::Situational => (KoRule::Superko, SuperkoKind::Situational),
        Ko::Simple => {
            changes.push(
                "simple ko, with the ending of a repetition the texts forbid (text 004 \
                 禁止全局同形): a long cycle (triple ko, eternal life) is no forbidden move but \
                 ends the game without a result, as a referee would void it"
                    .into(),
            );
            (KoRule::Simple, SuperkoKind::Positional)
        }
        Ko::Spight => {
            changes.push("Spight's ko rule becomes positional superko".into());
            (KoRule::Superko, SuperkoKind::Positional)
        }
        Ko::Positional => (KoRule::Superko, SuperkoKind::Positional),
    };
    if d.name == "GOE" || d.name == "Ing" {
        changes.push(
            "Ing's own ko rules and fill-in counting are read as positional superko and area \
             counting, as KataGo reads them"
                .into(),
        );
    }
    if d.tax == Tax::All {
        changes.push(
            "stone scoring's group tax (two points per group) is not counted: area as \
             text 004 counts it"
                .into(),
        );
    }
    if d.has_button {
        changes.push("the button (½ point to the first to pass) is not counted".into());
    }
    if !d.friendly_pass_ok {
        changes.push(
            "these rules count the board as it stands: score with no dead stones removed, \
             and empty points between both sides are shared half and half"
                .into(),
        );
    }
    if changes.is_empty() {
        changes.push(
            "area counting after the agreed dead stones are removed, shared points half and \
             half (text 004 rule 9)"
                .into(),
        );
    }
    Mapping {
        ruleset: "chinese",
        target: Target::Chinese {
            suicide_allowed: d.suicide,
            ko,
            superko,
            compensation: d.white_handicap_bonus,
        },
        exact: false,
        changes,
        from,
    }
}

fn ko_words(ko: Ko) -> &'static str {
    match ko {
        Ko::Simple => "simple ko",
        Ko::Positional => "positional superko",
        Ko::Situational => "situational superko",
        Ko::Spight => "Spight ko rule",
    }
}

/// Why a text could not be read as rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Nothing to read (`RU[]`).
    #[error("no rules are named (the text is empty)")]
    Empty,
    /// A name we do not know. Never guessed: the caller says so and chooses.
    #[error("unknown rules name {0:?}")]
    Unknown(String),
    /// A KataGo rules string (short or JSON form) that does not parse.
    #[error("malformed KataGo rules string {text:?}: {reason}")]
    Malformed {
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// Reads the rules a record declares (`RU[]`): a known name (docs/rule-names.md; case, spaces,
/// `-`, `_`, `/` and `.` do not matter, nor a trailing "rules"), else one of KataGo's forms
/// ([`read_katago`]).
///
/// Where a name means something different in a record and as a KataGo preset, the record's
/// meaning wins: `Chinese` in a record is the written Chinese rules, which KGS and OGS play with
/// positional superko and N points of handicap compensation (KataGo's `chinese-kgs`,
/// `chinese-ogs`); KataGo's preset `chinese` plays simple ko.
///
/// # Errors
/// [`NameError::Empty`] for an empty text, [`NameError::Unknown`] for a name not in the
/// table that is not KataGo's either, [`NameError::Malformed`] for a KataGo short or JSON
/// form with a mistake in it.
pub fn read(text: &str) -> Result<RulesDescription, NameError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(NameError::Empty);
    }
    if trimmed.starts_with('{') {
        return katago::read_json(text);
    }
    if let Some(d) = names::lookup(text) {
        return Ok(d);
    }
    katago::read_katago_form(text)
}

#[cfg(test)]
mod tests;
