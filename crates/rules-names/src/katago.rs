//! KataGo's rule strings, read as KataGo's `Rules::parseRules` reads them (our own code,
//! written from its behaviour): preset names, the short form and the JSON form.
//!
//! * Presets: matched on the lower-cased, trimmed text against KataGo's exact list of
//!   spellings (`chinese-ogs`, `chinese_ogs`, `chineseogs`…).
//! * JSON (`{…}`): an object whose keys are `ko`, `score`/`scoring`, `tax`, `suicide`,
//!   `hasButton`, `whiteHandicapBonus`, `friendlyPassOk`, `komi`; string values are
//!   upper-case exactly as KataGo writes them, booleans are JSON booleans, komi a number that
//!   is a multiple of ½ between −150 and 150. Anything else is an error.
//! * Short form: a run of `ko{SIMPLE|POSITIONAL|SITUATIONAL|SPIGHT}`,
//!   `score{AREA|TERRITORY}` (or `scoring…`), `tax{NONE|SEKI|ALL}`, `sui{0|1}`, `button{0|1}`,
//!   `whb{0|N|N-1}`, `fpok{0|1}`, `komi<number>`, in any order, spaces allowed between them.
//!
//! Whatever the form, unspecified fields take Tromp–Taylor's values (positional superko, area,
//! suicide legal, no button, no bonus, no friendly pass, komi 7.5); an unspecified tax is
//! `SEKI` under territory scoring and `NONE` under area; an unspecified komi is 6.5 under
//! territory scoring, 7 with a button, else 7.5.

use crate::{Form, HandicapBonus, Ko, NameError, RulesDescription, Scoring, Tax};
use serde_json::Value;

pub(crate) fn ko_word(ko: Ko) -> &'static str {
    match ko {
        Ko::Simple => "SIMPLE",
        Ko::Positional => "POSITIONAL",
        Ko::Situational => "SITUATIONAL",
        Ko::Spight => "SPIGHT",
    }
}

pub(crate) fn scoring_word(s: Scoring) -> &'static str {
    match s {
        Scoring::Area => "AREA",
        Scoring::Territory => "TERRITORY",
    }
}

pub(crate) fn tax_word(t: Tax) -> &'static str {
    match t {
        Tax::None => "NONE",
        Tax::Seki => "SEKI",
        Tax::All => "ALL",
    }
}

/// The settings of one preset: (ko, scoring, tax, suicide, button, bonus, friendly pass, komi).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Settings {
    pub ko: Ko,
    pub scoring: Scoring,
    pub tax: Tax,
    pub suicide: bool,
    pub button: bool,
    pub bonus: HandicapBonus,
    pub fpok: bool,
    pub komi: f64,
}

impl Settings {
    pub(crate) fn describe(
        self,
        name: &str,
        text: &str,
        form: Form,
        notes: Vec<String>,
    ) -> RulesDescription {
        RulesDescription {
            name: name.to_owned(),
            text: text.to_owned(),
            form,
            ko: self.ko,
            scoring: self.scoring,
            tax: self.tax,
            suicide: self.suicide,
            has_button: self.button,
            white_handicap_bonus: self.bonus,
            friendly_pass_ok: self.fpok,
            komi: Some(self.komi),
            notes,
        }
    }
}

/// Tromp–Taylor's settings: the default of every field not given.
pub(crate) const TROMP_TAYLOR: Settings = Settings {
    ko: Ko::Positional,
    scoring: Scoring::Area,
    tax: Tax::None,
    suicide: true,
    button: false,
    bonus: HandicapBonus::Zero,
    fpok: false,
    komi: 7.5,
};

pub(crate) const JAPANESE: Settings = Settings {
    ko: Ko::Simple,
    scoring: Scoring::Territory,
    tax: Tax::Seki,
    suicide: false,
    button: false,
    bonus: HandicapBonus::Zero,
    fpok: false,
    komi: 6.5,
};

pub(crate) const CHINESE_SIMPLE_KO: Settings = Settings {
    ko: Ko::Simple,
    scoring: Scoring::Area,
    tax: Tax::None,
    suicide: false,
    button: false,
    bonus: HandicapBonus::N,
    fpok: true,
    komi: 7.5,
};

pub(crate) const CHINESE_SUPERKO: Settings = Settings {
    ko: Ko::Positional,
    ..CHINESE_SIMPLE_KO
};

pub(crate) const STONE_SCORING: Settings = Settings {
    ko: Ko::Simple,
    scoring: Scoring::Area,
    tax: Tax::All,
    suicide: false,
    button: false,
    bonus: HandicapBonus::Zero,
    fpok: true,
    komi: 7.5,
};

pub(crate) const ANCIENT_TERRITORY: Settings = Settings {
    ko: Ko::Simple,
    scoring: Scoring::Territory,
    tax: Tax::All,
    suicide: false,
    button: false,
    bonus: HandicapBonus::Zero,
    fpok: false,
    komi: 6.5,
};

pub(crate) const AGA_BUTTON: Settings = Settings {
    ko: Ko::Situational,
    scoring: Scoring::Area,
    tax: Tax::None,
    suicide: false,
    button: true,
    bonus: HandicapBonus::NMinusOne,
    fpok: true,
    komi: 7.0,
};

pub(crate) const AGA: Settings = Settings {
    button: false,
    komi: 7.5,
    ..AGA_BUTTON
};

pub(crate) const NEW_ZEALAND: Settings = Settings {
    ko: Ko::Situational,
    scoring: Scoring::Area,
    tax: Tax::None,
    suicide: true,
    button: false,
    bonus: HandicapBonus::Zero,
    fpok: true,
    komi: 7.5,
};

pub(crate) const GOE: Settings = Settings {
    ko: Ko::Positional,
    scoring: Scoring::Area,
    tax: Tax::None,
    suicide: true,
    button: false,
    bonus: HandicapBonus::Zero,
    fpok: true,
    komi: 7.5,
};

/// KataGo's presets: (display name, spellings after lower-casing and trimming, settings).
pub(crate) const PRESETS: &[(&str, &[&str], Settings)] = &[
    ("Japanese", &["japanese"], JAPANESE),
    ("Korean", &["korean"], JAPANESE),
    ("Chinese", &["chinese"], CHINESE_SIMPLE_KO),
    (
        "Chinese-OGS",
        &["chineseogs", "chinese_ogs", "chinese-ogs"],
        CHINESE_SUPERKO,
    ),
    (
        "Chinese-KGS",
        &["chinesekgs", "chinese_kgs", "chinese-kgs"],
        CHINESE_SUPERKO,
    ),
    (
        "Ancient area",
        &[
            "ancientarea",
            "ancient-area",
            "ancient_area",
            "ancient area",
        ],
        STONE_SCORING,
    ),
    (
        "Stone scoring",
        &[
            "stonescoring",
            "stone-scoring",
            "stone_scoring",
            "stone scoring",
        ],
        STONE_SCORING,
    ),
    (
        "Ancient territory",
        &[
            "ancientterritory",
            "ancient-territory",
            "ancient_territory",
            "ancient territory",
        ],
        ANCIENT_TERRITORY,
    ),
    (
        "AGA button",
        &["agabutton", "aga-button", "aga_button", "aga button"],
        AGA_BUTTON,
    ),
    ("AGA", &["aga"], AGA),
    ("BGA", &["bga"], AGA),
    ("French", &["french"], AGA),
    (
        "New Zealand",
        &[
            "nz",
            "newzealand",
            "new zealand",
            "new-zealand",
            "new_zealand",
        ],
        NEW_ZEALAND,
    ),
    (
        "Tromp-Taylor",
        &[
            "tromp-taylor",
            "tromp_taylor",
            "tromp taylor",
            "tromptaylor",
        ],
        TROMP_TAYLOR,
    ),
    ("GOE", &["goe"], GOE),
    ("Ing", &["ing"], GOE),
];

/// Reads a KataGo rules string exactly as KataGo's `Rules::parseRules` reads it: a preset
/// name (any case, spelled as KataGo spells it), the JSON form, or the short form.
///
/// Unlike [`read`](crate::read), the preset `chinese` is KataGo's: simple ko.
///
/// # Errors
/// [`NameError::Empty`] for an empty text; [`NameError::Malformed`] for a short or JSON form
/// with a mistake in it; [`NameError::Unknown`] for a text that is neither a preset nor
/// anything like the short form.
pub fn read_katago(text: &str) -> Result<RulesDescription, NameError> {
    let lower = text.trim().to_lowercase();
    if lower.is_empty() {
        return Err(NameError::Empty);
    }
    if let Some(d) = preset(text) {
        return Ok(d);
    }
    if text.trim_start().starts_with('{') {
        return read_json(text);
    }
    read_katago_form(text)
}

/// A KataGo preset, by KataGo's own spellings.
pub(crate) fn preset(text: &str) -> Option<RulesDescription> {
    let lower = text.trim().to_lowercase();
    PRESETS
        .iter()
        .find(|(_, spellings, _)| spellings.contains(&lower.as_str()))
        .map(|(name, _, settings)| settings.describe(name, text, Form::KataGoPreset, Vec::new()))
}

/// The preset whose settings these are, if any (KataGo's `toStringNoKomiMaybeNice`).
fn preset_name(d: &RulesDescription) -> Option<&'static str> {
    PRESETS.iter().find_map(|(name, _, s)| {
        let same = d.ko == s.ko
            && d.scoring == s.scoring
            && d.tax == s.tax
            && d.suicide == s.suicide
            && d.has_button == s.button
            && d.white_handicap_bonus == s.bonus
            && d.friendly_pass_ok == s.fpok;
        same.then_some(*name)
    })
}

fn malformed(text: &str, reason: impl Into<String>) -> NameError {
    NameError::Malformed {
        text: text.to_owned(),
        reason: reason.into(),
    }
}

/// Fills in the defaults that depend on other fields, and names the result.
fn finish(
    mut d: RulesDescription,
    tax_given: bool,
    komi_given: bool,
    form: Form,
) -> RulesDescription {
    if !tax_given {
        d.tax = match d.scoring {
            Scoring::Territory => Tax::Seki,
            Scoring::Area => Tax::None,
        };
    }
    if !komi_given {
        d.komi = Some(match (d.scoring, d.has_button) {
            (Scoring::Territory, _) => 6.5,
            (Scoring::Area, true) => 7.0,
            (Scoring::Area, false) => 7.5,
        });
    }
    d.form = form;
    match preset_name(&d) {
        Some(name) => {
            d.name = name.to_owned();
            d.notes
                .push(format!("the same settings as KataGo's preset {name}"));
        }
        None => d.name = "custom".to_owned(),
    }
    d
}

fn defaults(text: &str, form: Form) -> RulesDescription {
    TROMP_TAYLOR.describe("custom", text, form, Vec::new())
}

/// The JSON form.
pub(crate) fn read_json(text: &str) -> Result<RulesDescription, NameError> {
    let value: Value =
        serde_json::from_str(text.trim()).map_err(|e| malformed(text, format!("not JSON: {e}")))?;
    let Value::Object(map) = value else {
        return Err(malformed(text, "not a JSON object"));
    };
    let mut d = defaults(text, Form::KataGoJson);
    let (mut tax_given, mut komi_given) = (false, false);
    let string = |key: &str, v: &Value| -> Result<String, NameError> {
        v.as_str()
            .map(str::to_owned)
            .ok_or_else(|| malformed(text, format!("{key} must be a string, not {v}")))
    };
    let boolean = |key: &str, v: &Value| -> Result<bool, NameError> {
        v.as_bool()
            .ok_or_else(|| malformed(text, format!("{key} must be true or false, not {v}")))
    };
    for (key, v) in &map {
        match key.as_str() {
            "ko" => {
                d.ko = parse_ko(&string(key, v)?)
                    .ok_or_else(|| malformed(text, format!("invalid ko rule {v}")))?;
            }
            "score" | "scoring" => {
                d.scoring = parse_scoring(&string(key, v)?)
                    .ok_or_else(|| malformed(text, format!("invalid scoring rule {v}")))?;
            }
            "tax" => {
                d.tax = parse_tax(&string(key, v)?)
                    .ok_or_else(|| malformed(text, format!("invalid tax rule {v}")))?;
                tax_given = true;
            }
            "suicide" => d.suicide = boolean(key, v)?,
            "hasButton" => d.has_button = boolean(key, v)?,
            "friendlyPassOk" => d.friendly_pass_ok = boolean(key, v)?,
            "whiteHandicapBonus" => {
                d.white_handicap_bonus = parse_bonus(&string(key, v)?).ok_or_else(|| {
                    malformed(text, format!("invalid whiteHandicapBonus rule {v}"))
                })?;
            }
            "komi" => {
                let k = v
                    .as_f64()
                    .ok_or_else(|| malformed(text, format!("komi must be a number, not {v}")))?;
                if !(-150.0..=150.0).contains(&k) || (k * 2.0).fract() != 0.0 {
                    return Err(malformed(
                        text,
                        format!("komi {k} is not a half-integer between -150 and 150"),
                    ));
                }
                d.komi = Some(k);
                komi_given = true;
            }
            other => return Err(malformed(text, format!("unknown rules option {other:?}"))),
        }
    }
    Ok(finish(d, tax_given, komi_given, Form::KataGoJson))
}

fn parse_ko(s: &str) -> Option<Ko> {
    Some(match s {
        "SIMPLE" => Ko::Simple,
        "POSITIONAL" => Ko::Positional,
        "SITUATIONAL" => Ko::Situational,
        "SPIGHT" => Ko::Spight,
        _ => return None,
    })
}

fn parse_scoring(s: &str) -> Option<Scoring> {
    Some(match s {
        "AREA" => Scoring::Area,
        "TERRITORY" => Scoring::Territory,
        _ => return None,
    })
}

fn parse_tax(s: &str) -> Option<Tax> {
    Some(match s {
        "NONE" => Tax::None,
        "SEKI" => Tax::Seki,
        "ALL" => Tax::All,
        _ => return None,
    })
}

fn parse_bonus(s: &str) -> Option<HandicapBonus> {
    Some(match s {
        "0" => HandicapBonus::Zero,
        "N" => HandicapBonus::N,
        "N-1" => HandicapBonus::NMinusOne,
        _ => return None,
    })
}

/// Whether a text that failed to parse was meant as KataGo's short form: it begins with one
/// of the short form's keys followed by the kind of value that key takes. Anything else is an
/// unknown name, not a malformed string.
fn looks_like_short_form(text: &str) -> bool {
    let s = text.trim();
    let after = |key: &str| s.strip_prefix(key).and_then(|r| r.chars().next());
    let upper = |c: Option<char>| c.is_some_and(|c| c.is_ascii_uppercase());
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    upper(after("ko"))
        || upper(after("score"))
        || upper(after("scoring"))
        || upper(after("tax"))
        || digit(after("sui"))
        || digit(after("button"))
        || digit(after("fpok"))
        || after("whb").is_some_and(|c| c.is_ascii_digit() || c == 'N')
        || after("komi").is_some_and(|c| c.is_ascii_digit() || c == '-' || c == '+' || c == '.')
}

/// The short form, or an unknown name when the text is nothing like it.
pub(crate) fn read_katago_form(text: &str) -> Result<RulesDescription, NameError> {
    match read_short(text) {
        Ok(d) => Ok(d),
        Err(_) if !looks_like_short_form(text) => Err(NameError::Unknown(text.to_owned())),
        Err(e) => Err(e),
    }
}

/// KataGo's short form: keys and values run together, spaces allowed between tokens.
fn read_short(text: &str) -> Result<RulesDescription, NameError> {
    let mut s = text.trim();
    if s.is_empty() {
        return Err(NameError::Empty);
    }
    let mut d = defaults(text, Form::KataGoShort);
    let (mut tax_given, mut komi_given) = (false, false);
    // Takes `prefix` off the front (then leading spaces): KataGo's startsWithAndStrip.
    fn strip(s: &mut &str, prefix: &str) -> bool {
        match s.strip_prefix(prefix) {
            Some(rest) => {
                *s = rest.trim_start();
                true
            }
            None => false,
        }
    }
    fn choose<T: Copy>(s: &mut &str, options: &[(&str, T)]) -> Option<T> {
        options
            .iter()
            .find(|(word, _)| strip(s, word))
            .map(|&(_, v)| v)
    }
    let bad = |what: &str, rest: &str| {
        malformed(
            text,
            format!("{what} must be followed by one of its values, at {rest:?}"),
        )
    };
    while !s.is_empty() {
        // `komi` before `ko`: the one begins with the other.
        if strip(&mut s, "komi") {
            let end = s
                .find(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
                .unwrap_or(s.len());
            let k: f64 = s[..end]
                .parse()
                .map_err(|_| malformed(text, format!("komi {:?} is not a number", &s[..end])))?;
            if !k.is_finite() || k.abs() > 1e5 {
                return Err(malformed(text, format!("komi {k} is out of range")));
            }
            d.komi = Some(k);
            komi_given = true;
            s = s[end..].trim_start();
        } else if strip(&mut s, "ko") {
            d.ko = choose(
                &mut s,
                &[
                    ("SIMPLE", Ko::Simple),
                    ("POSITIONAL", Ko::Positional),
                    ("SITUATIONAL", Ko::Situational),
                    ("SPIGHT", Ko::Spight),
                ],
            )
            .ok_or_else(|| bad("ko", s))?;
        } else if strip(&mut s, "scoring") || strip(&mut s, "score") {
            d.scoring = choose(
                &mut s,
                &[("AREA", Scoring::Area), ("TERRITORY", Scoring::Territory)],
            )
            .ok_or_else(|| bad("score", s))?;
        } else if strip(&mut s, "tax") {
            d.tax = choose(
                &mut s,
                &[("NONE", Tax::None), ("SEKI", Tax::Seki), ("ALL", Tax::All)],
            )
            .ok_or_else(|| bad("tax", s))?;
            tax_given = true;
        } else if strip(&mut s, "sui") {
            d.suicide =
                choose(&mut s, &[("1", true), ("0", false)]).ok_or_else(|| bad("sui", s))?;
        } else if strip(&mut s, "button") {
            d.has_button =
                choose(&mut s, &[("1", true), ("0", false)]).ok_or_else(|| bad("button", s))?;
        } else if strip(&mut s, "whb") {
            // `N-1` before `N`.
            d.white_handicap_bonus = choose(
                &mut s,
                &[
                    ("0", HandicapBonus::Zero),
                    ("N-1", HandicapBonus::NMinusOne),
                    ("N", HandicapBonus::N),
                ],
            )
            .ok_or_else(|| bad("whb", s))?;
        } else if strip(&mut s, "fpok") {
            d.friendly_pass_ok =
                choose(&mut s, &[("1", true), ("0", false)]).ok_or_else(|| bad("fpok", s))?;
        } else {
            return Err(malformed(text, format!("unknown rules option at {s:?}")));
        }
    }
    Ok(finish(d, tax_given, komi_given, Form::KataGoShort))
}
