//! Citations: the rule of text 002 behind every finding, so code and text can be read side by
//! side. Each string starts with "Pauli rule N: name of the rule".

/// Rule 6: a stone goes on an empty location.
pub const OCCUPIED: &str = "Pauli rule 6: a stone is put on an unprohibited empty location";
/// Rules 9, 10.
pub const SUICIDE: &str = "Pauli rule 10: suicide — after placement every opposing stone still \
     has liberties but the new stone has none (prohibited by rule 9)";
/// Rules 9, 11.
pub const PSEUDO_SUICIDE: &str = "Pauli rule 11: pseudo suicide — the new stone and every \
     opposing stone keep liberties, but all liberties of the new stone are permanently \
     prohibited (prohibited by rule 9)";
/// Rules 9, 12.
pub const KO: &str = "Pauli rule 12: ko capture — the location was cleared by a ko capture in \
     the preceding turn (temporarily prohibited by rule 9)";
/// Rules 2, 9.
pub const INITIAL: &str = "Pauli rule 2: initially prohibited — no turn has been made yet \
     (temporarily prohibited by rule 9)";
/// Rules 7, 9.
pub const PERMANENT: &str = "Pauli rule 7: used by a removed cycle — permanently prohibited \
     (rule 9)";
/// Rule 4.
pub const AFTER_END: &str = "Pauli rule 4: the game is over — a pass made while no location \
     was temporarily prohibited was answered by a pass";
/// Rule 4, with play after the end allowed (`AfterEnd::Resume`, docs/rules/pauli.md).
pub const RESUME: &str = "Pauli rule 4, with play after the end allowed (the record's rules or \
     server let the players resume; option after-end resume)";
/// Rules 3, 8.
pub const NO_SUCH_CYCLE: &str = "Pauli rules 3, 8: a player may remove one disturbing cycle \
     per turn, before his stone — a former situation similar to the current one, while a pass \
     would not end the game";
