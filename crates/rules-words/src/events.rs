//! A ruleset's remarks on a game in words: each [`EventNote`], citing its rule.

use rules_core::{EventNote, EventReport};

/// One remark in words.
#[must_use]
pub fn event_note(note: EventNote) -> String {
    match note {
        EventNote::CyclesNotListed {
            turn,
            skipped,
            first_turn,
            listed,
        } => format!(
            "Pauli rule 8: the situation at the start of turn {turn} is also similar to \
             {skipped} earlier situation(s), the first at the start of turn {first_turn}; only \
             the {listed} shortest cycles are listed"
        ),
        EventNote::ReplayGoesOnAfterEnd => {
            "Pauli rule 4: the game was over; the record goes on, and so does the replay".to_owned()
        }
    }
}

/// Says every remark among `events` that is not said yet: its `message` from its fact.
pub fn say_event_notes(events: &mut [EventReport]) {
    for e in events {
        if let EventReport::Note {
            message,
            noted: Some(note),
            ..
        } = e
        {
            *message = event_note(*note);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_remark_cites_its_rule() {
        assert_eq!(
            event_note(EventNote::CyclesNotListed {
                turn: 9,
                skipped: 2,
                first_turn: 3,
                listed: 4
            }),
            "Pauli rule 8: the situation at the start of turn 9 is also similar to 2 earlier \
             situation(s), the first at the start of turn 3; only the 4 shortest cycles are listed"
        );
        assert_eq!(
            event_note(EventNote::ReplayGoesOnAfterEnd),
            "Pauli rule 4: the game was over; the record goes on, and so does the replay"
        );
    }

    #[test]
    fn only_remarks_with_a_fact_are_said() {
        let mut events = vec![
            EventReport::Note {
                after_move: 3,
                message: String::new(),
                noted: Some(EventNote::ReplayGoesOnAfterEnd),
            },
            EventReport::Note {
                after_move: 4,
                message: "kept".to_owned(),
                noted: None,
            },
        ];
        say_event_notes(&mut events);
        let messages: Vec<&str> = events
            .iter()
            .map(|e| match e {
                EventReport::Note { message, .. } => message.as_str(),
                _ => "",
            })
            .collect();
        assert_eq!(
            messages,
            [
                "Pauli rule 4: the game was over; the record goes on, and so does the replay",
                "kept"
            ]
        );
    }
}
