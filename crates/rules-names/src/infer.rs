//! What a record says about its rules when it names none: the server or program that wrote
//! it, its komi, the event — read by a fixed table (`docs/rule-names.md`, *Records without
//! `RU`*), built from what the test corpus's records without `RU` carry and checked against
//! the records that do name their rules. Nothing here guesses beyond the table: a record that
//! matches no row has no inferred rules.
//!
//! The same servers also decide whether play may resume after two passes
//! ([`resumption`]), together with the rule texts that allow it.

use crate::{RulesDescription, read};
use rules_core::{GameInfo, GameRecord};

/// The rules a server plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServerRules {
    /// Every game on the server is played under these rules (a name [`read`] knows).
    Fixed(&'static str),
    /// The players choose; these are the server's default, taken only when the record's
    /// komi says nothing.
    Default(&'static str),
}

/// A game server whose records can be recognised by their `PC`, `AP` or `SO`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Server {
    /// The server's name.
    pub name: &'static str,
    /// The rules it plays.
    pub rules: ServerRules,
    /// Whether its players may resume play after two passes when they disagree about the
    /// status of stones (the server's scoring phase sends the game back to play).
    pub resumes: bool,
    /// Why we read its records this way, with the evidence.
    pub why: &'static str,
    /// Lower-case words (split at anything but letters and digits) one of which names it, or
    /// lower-case substrings (containing a `.`) such as a domain.
    marks: &'static [&'static str],
}

/// The servers we recognise, in the order they are tried.
pub const SERVERS: &[Server] = &[
    Server {
        name: "IGS",
        rules: ServerRules::Fixed("Japanese"),
        resumes: true,
        why: "IGS (Pandanet) plays the Japanese rules only",
        marks: &["igs", "pandanet"],
    },
    Server {
        name: "NNGS",
        rules: ServerRules::Fixed("Japanese"),
        resumes: false,
        why: "NNGS counts territory as IGS does; the records NNGS wrote itself (AP[NNGS:1.1.x], \
              118 in the test corpus) all say RU[Japanese]",
        marks: &["nngs"],
    },
    Server {
        name: "WING",
        rules: ServerRules::Fixed("Japanese"),
        resumes: false,
        why: "WING (wing.gr.jp), a Japanese server of the IGS family, plays the Japanese rules",
        marks: &["wing.gr.jp"],
    },
    Server {
        name: "CGOS",
        rules: ServerRules::Fixed("Chinese"),
        resumes: false,
        why: "CGOS, the computer Go server, plays the Chinese rules: its records in the test \
              corpus all say RU[Chinese] (70)",
        marks: &["cgos"],
    },
    Server {
        name: "Tygem",
        rules: ServerRules::Fixed("Korean"),
        resumes: false,
        why: "Tygem, a Korean server, counts territory (Korean rules)",
        marks: &["tygem"],
    },
    Server {
        name: "WBaduk",
        rules: ServerRules::Fixed("Korean"),
        resumes: false,
        why: "WBaduk, a Korean server, counts territory (Korean rules)",
        marks: &["wbaduk"],
    },
    Server {
        name: "KGS",
        rules: ServerRules::Default("Japanese"),
        resumes: true,
        why: "KGS lets the players choose; Japanese is its default (2,190 of the 3,123 KGS \
              records in the test corpus say RU[Japanese])",
        marks: &["kgs", "gokgs", "kiseido"],
    },
    Server {
        name: "OGS",
        rules: ServerRules::Default("Japanese"),
        resumes: true,
        why: "OGS lets the players choose; Japanese is its default (435 of the 494 OGS records \
              in the test corpus say RU[japanese])",
        marks: &["ogs", "online-go.com"],
    },
];

/// Titles of the Japanese professional tournaments, in `EV` or `GN`: their games are played
/// under the Japanese rules. Lower-case words, or substrings in Japanese.
const JAPANESE_TITLES: &[&str] = &[
    "meijin",
    "kisei",
    "honinbo",
    "judan",
    "tengen",
    "oza",
    "gosei",
    "名人",
    "棋聖",
    "本因坊",
    "十段",
    "天元",
    "王座",
    "碁聖",
];

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

fn marked(text: &str, marks: &[&str]) -> bool {
    let lower = text.to_lowercase();
    marks.iter().any(|m| {
        if m.contains('.') || !m.is_ascii() {
            lower.contains(m)
        } else {
            words(text).any(|w| w == *m)
        }
    })
}

/// A property of the record that names something, as written: `PC[IGS]`.
fn written(ident: &str, value: &str) -> String {
    let short: String = value.chars().take(60).collect();
    let more = if short.len() < value.len() { "…" } else { "" };
    format!("{ident}[{short}{more}]")
}

/// Whether a record was written by the Fox server: `AP[YuanYu]` with `RU[Japanese]`. YuanYu
/// (the yenw archives' converter) also wrote the corpus's WBaduk, professional and computer
/// records, none of which says `RU[Japanese]`; Fox records all do (1,888 of the corpus's
/// 1,895). Fox is not among [`SERVERS`]: its `RU` says nothing of the komi or the counting
/// its records use, so no rules are inferred from it (docs/rule-names.md, *Fox*).
#[must_use]
pub fn fox(application: Option<&str>, rules: Option<&str>) -> bool {
    let yuanyu = application.is_some_and(|a| a.trim().to_ascii_lowercase().starts_with("yuanyu"));
    yuanyu && rules.is_some_and(|r| r.trim().eq_ignore_ascii_case("japanese"))
}

/// The server a record comes from, by its `PC`, `AP` or `SO` (in that order), with the
/// property that named it (`PC[The KGS Go Server at http://www.gokgs.com/]`).
#[must_use]
pub fn server(info: &GameInfo) -> Option<(&'static Server, String)> {
    let fields = [
        ("PC", &info.place),
        ("AP", &info.application),
        ("SO", &info.source),
    ];
    for (ident, value) in fields {
        let Some(value) = value else { continue };
        if let Some(s) = SERVERS.iter().find(|s| marked(value, s.marks)) {
            return Some((s, written(ident, value)));
        }
    }
    None
}

/// What the rules were inferred from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// A server that plays one set of rules (`PC`, `AP`, `SO`).
    Server,
    /// The komi (`KM`).
    Komi,
    /// A server's default rules (the players may choose others, and the komi said nothing).
    ServerDefault,
    /// The event: a Japanese title (`EV`, `GN`).
    Event,
}

/// Rules inferred from what a record says besides `RU`.
#[derive(Debug, Clone, PartialEq)]
pub struct Inference {
    /// The rules, as [`read`] reads their name.
    pub rules: RulesDescription,
    /// What they were inferred from.
    pub basis: Basis,
    /// The property, as written (`KM[7.5]`, `PC[NNGS]`).
    pub clue: String,
    /// Why that property means these rules, with the evidence.
    pub why: String,
}

/// Komi 7.5 is the Chinese komi (3¾ stones, text 004's math) and AGA's: area counting. In the
/// test corpus 643 of the 646 records with `KM[7.5]` that name their rules (Fox aside, whose
/// `RU` is unreliable) name area rules. A komi of 3.75 can only be stones (Chinese servers
/// write the stone count; Fox writes it `KM[375]`, which the reader turns into 7.5).
const AREA_KOMI: &str = "komi 7.5 (3¾ stones) is the komi of area counting: 643 of the 646 \
    records of the test corpus with KM[7.5] that name their rules name area rules (Chinese, \
    AGA, NZ)";

/// Komi 6.5 is the Japanese and Korean komi since 2002: territory counting.
const TERRITORY_KOMI: &str = "komi 6.5 is the komi of territory counting (Japanese and Korean \
    rules since 2002): 1,039 of the 1,121 records of the test corpus with KM[6.5] that name \
    their rules name territory rules (the others are computer games and 9×9 games)";

fn described(name: &str) -> RulesDescription {
    read(name).unwrap_or_else(|e| unreachable!("{name} is a rules name ({e})"))
}

/// The rules a record names by other means than `RU`, by the table of docs/rule-names.md, first
/// row that applies:
///
/// 1. a server that plays one set of rules (IGS, NNGS, WING: Japanese; CGOS: Chinese; Tygem,
///    WBaduk: Korean), by `PC`, `AP` or `SO`;
/// 2. the komi: 7.5 (or 3.75, a komi in stones) → Chinese, 6.5 → Japanese;
/// 3. a server's default rules (KGS, OGS: Japanese);
/// 4. a Japanese title in `EV` or `GN` (Meijin, Kisei, Honinbo, …) → Japanese.
///
/// Handicap games' komi (0.5, 0) and the old komi 5.5 (Japanese before 2002, Chinese before
/// 2001) say nothing, and neither does a handicap: `None` when no row applies.
#[must_use]
pub fn infer(record: &GameRecord) -> Option<Inference> {
    let found = server(&record.info);
    if let Some((s, clue)) = &found {
        if let ServerRules::Fixed(name) = s.rules {
            return Some(Inference {
                rules: described(name),
                basis: Basis::Server,
                clue: clue.clone(),
                why: s.why.to_owned(),
            });
        }
    }
    if let Some(k) = &record.komi {
        let area = k.value == 7.5 || k.value == 3.75;
        let territory = k.value == 6.5;
        if area || territory {
            let (name, why) = if area {
                ("Chinese", AREA_KOMI)
            } else {
                ("Japanese", TERRITORY_KOMI)
            };
            return Some(Inference {
                rules: described(name),
                basis: Basis::Komi,
                clue: written("KM", &k.raw),
                why: why.to_owned(),
            });
        }
    }
    if let Some((s, clue)) = found {
        if let ServerRules::Default(name) = s.rules {
            return Some(Inference {
                rules: described(name),
                basis: Basis::ServerDefault,
                clue,
                why: s.why.to_owned(),
            });
        }
    }
    for (ident, value) in [("EV", &record.info.event), ("GN", &record.info.name)] {
        let Some(value) = value else { continue };
        if marked(value, JAPANESE_TITLES) {
            return Some(Inference {
                rules: described("Japanese"),
                basis: Basis::Event,
                clue: written(ident, value),
                why: "a Japanese title, played under the Japanese rules".to_owned(),
            });
        }
    }
    None
}

/// Why play may resume after two passes in a game under `rules` recorded in `record`, or
/// `None` when neither the rules' text nor the server allows it:
///
/// * the server: KGS, OGS and IGS send a game whose players disagree about the status of
///   stones back to play ([`Server::resumes`]);
/// * the rules' text: the Japanese rules (1989, article 9: a player may request resumption
///   of play after the game has stopped, the opponent moving first), the Chinese rules (text
///   003, End 1: "On dispute the game continues"), the New Zealand rules ("If they cannot
///   agree which stones are dead they must play on").
///
/// Rules that play everything out (Tromp–Taylor: two passes end the game and the board counts
/// as it stands) never resume, whatever the server.
#[must_use]
pub fn resumption(rules: &RulesDescription, record: &GameRecord) -> Option<String> {
    let played_out = rules.scoring == crate::Scoring::Area && !rules.friendly_pass_ok;
    if played_out {
        return None;
    }
    if let Some((s, clue)) = server(&record.info) {
        if s.resumes {
            return Some(format!(
                "{clue}: {} lets the players resume play after two passes when they disagree \
                 about the status of stones",
                s.name
            ));
        }
    }
    let text = match rules.name.as_str() {
        "Japanese" => {
            "the Japanese rules (1989) let a player request resumption of play after the game \
             has stopped (article 9)"
        }
        "Chinese" | "Chinese-OGS" | "Chinese-KGS" | "Chinese (simple ko)" => {
            "the Chinese rules continue the game on a dispute (text 003, End 1: \"On dispute the \
             game continues\")"
        }
        "New Zealand" => {
            "the New Zealand rules continue the game on a dispute (\"If they cannot agree which \
             stones are dead they must play on\")"
        }
        _ => return None,
    };
    Some(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::{Komi, Topology};
    use std::sync::Arc;

    fn record(komi: Option<&str>, info: GameInfo) -> GameRecord {
        let mut r = GameRecord::new(Arc::new(Topology::square(19).unwrap()));
        r.komi = komi.map(|k| Komi {
            value: k.parse().unwrap(),
            raw: k.to_owned(),
        });
        r.info = info;
        r
    }

    fn place(pc: &str) -> GameInfo {
        GameInfo {
            place: Some(pc.to_owned()),
            ..GameInfo::default()
        }
    }

    fn inferred(komi: Option<&str>, info: GameInfo) -> Option<(String, Basis, String)> {
        infer(&record(komi, info)).map(|i| (i.rules.name, i.basis, i.clue))
    }

    #[test]
    fn servers_are_recognised_by_a_word_of_pc_ap_or_so() {
        let name = |info: GameInfo| server(&info).map(|(s, clue)| (s.name, clue));
        assert_eq!(
            name(place("The KGS Go Server at http://www.gokgs.com/")),
            Some((
                "KGS",
                "PC[The KGS Go Server at http://www.gokgs.com/]".to_owned()
            ))
        );
        assert_eq!(
            name(place("OGS: http://online-go.com/game/600313")).map(|n| n.0),
            Some("OGS")
        );
        assert_eq!(
            name(place("NNGS Worldwide: nngs.cosmic.org 9696")).map(|n| n.0),
            Some("NNGS")
        );
        assert_eq!(name(place("cg_nngs")).map(|n| n.0), Some("NNGS"));
        assert_eq!(name(place("IGS-PandaNet")).map(|n| n.0), Some("IGS"));
        assert_eq!(
            name(place("(CGOS) 9x9 Computer Go Server")).map(|n| n.0),
            Some("CGOS")
        );
        let ap = GameInfo {
            application: Some("NNGS:1.1.22".into()),
            ..GameInfo::default()
        };
        assert_eq!(name(ap).map(|n| n.0), Some("NNGS"));
        let so = GameInfo {
            source: Some("WBaduk archive".into()),
            ..GameInfo::default()
        };
        assert_eq!(name(so).map(|n| n.0), Some("WBaduk"));
        // A word, not a substring: "Meigs" is no IGS, "Kogs" no OGS.
        assert_eq!(name(place("Meigs County")), None);
        assert_eq!(name(place("Kogs")), None);
        assert_eq!(name(GameInfo::default()), None);
    }

    #[test]
    fn a_fixed_server_decides_before_the_komi() {
        assert_eq!(
            inferred(Some("7.5"), place("IGS")),
            Some(("Japanese".into(), Basis::Server, "PC[IGS]".into()))
        );
        assert_eq!(
            inferred(Some("6.5"), place("(CGOS) 19x19 Computer Go Server")).map(|i| i.0),
            Some("Chinese".into())
        );
        assert_eq!(
            inferred(Some("0.5"), place("NNGS")).map(|i| (i.0, i.1)),
            Some(("Japanese".into(), Basis::Server))
        );
        assert_eq!(
            inferred(Some("6.5"), place("Tygem")).map(|i| i.0),
            Some("Korean".into())
        );
    }

    #[test]
    fn komi_7_5_is_area_6_5_territory_and_others_say_nothing() {
        assert_eq!(
            inferred(Some("7.5"), GameInfo::default()),
            Some(("Chinese".into(), Basis::Komi, "KM[7.5]".into()))
        );
        assert_eq!(
            inferred(Some("3.75"), GameInfo::default()).map(|i| i.0),
            Some("Chinese".into())
        );
        assert_eq!(
            inferred(Some("6.5"), GameInfo::default()).map(|i| (i.0, i.1)),
            Some(("Japanese".into(), Basis::Komi))
        );
        for k in ["0.5", "5.5", "0", "7", "-3.5"] {
            assert_eq!(inferred(Some(k), GameInfo::default()), None, "KM[{k}]");
        }
        assert_eq!(inferred(None, GameInfo::default()), None);
    }

    #[test]
    fn a_default_server_yields_to_the_komi() {
        let kgs = || place("The KGS Go Server at http://www.gokgs.com/");
        assert_eq!(
            inferred(Some("7.5"), kgs()).map(|i| (i.0, i.1)),
            Some(("Chinese".into(), Basis::Komi))
        );
        assert_eq!(
            inferred(Some("0.5"), kgs()).map(|i| (i.0, i.1)),
            Some(("Japanese".into(), Basis::ServerDefault))
        );
    }

    #[test]
    fn a_japanese_title_names_the_japanese_rules() {
        let ev = GameInfo {
            event: Some("Meijin,27,Japan,".into()),
            ..GameInfo::default()
        };
        assert_eq!(
            inferred(Some("5.5"), ev),
            Some((
                "Japanese".into(),
                Basis::Event,
                "EV[Meijin,27,Japan,]".into()
            ))
        );
        let gn = GameInfo {
            name: Some("第27期本因坊戦".into()),
            ..GameInfo::default()
        };
        assert_eq!(inferred(None, gn).map(|i| i.1), Some(Basis::Event));
        // Only PC, AP and SO name servers, and only titles name the rules in EV.
        let other = GameInfo {
            event: Some("Kiseido cup".into()),
            ..GameInfo::default()
        };
        assert_eq!(inferred(None, other), None);
    }

    #[test]
    fn play_resumes_where_the_server_or_the_text_allows_it() {
        let japanese = read("Japanese").unwrap();
        let chinese = read("Chinese").unwrap();
        let tt = read("Tromp-Taylor").unwrap();
        let aga = read("AGA").unwrap();
        let plain = record(None, GameInfo::default());
        assert!(resumption(&japanese, &plain).unwrap().contains("article 9"));
        assert!(resumption(&chinese, &plain).unwrap().contains("text 003"));
        assert!(
            resumption(&read("NZ").unwrap(), &plain)
                .unwrap()
                .contains("play on")
        );
        assert_eq!(resumption(&aga, &plain), None);
        assert_eq!(resumption(&tt, &plain), None);
        let ogs = record(None, place("OGS: http://online-go.com/game/1"));
        assert!(resumption(&aga, &ogs).unwrap().contains("OGS lets"));
        // Played-out rules end at two passes whatever the server.
        assert_eq!(resumption(&tt, &ogs), None);
        let nngs = record(None, place("NNGS"));
        assert_eq!(resumption(&aga, &nngs), None);
    }
}
