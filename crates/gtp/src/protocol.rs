//! The protocol itself (GTP v2, draft 2, sections 2 and 3): preprocessing of input lines,
//! commands with their optional ids, and responses.
//!
//! * [`preprocess`] — section 2.10: control characters other than HT and LF removed, `#`
//!   comments cut, HT turned into a space; a line left empty or blank is no command.
//! * [`parse_command`] — `[id] command_name [arguments]`; the id is an unsigned integer.
//! * [`Response`] and [`format_response`] — `=[id] result` or `?[id] error_message`, ended by
//!   an empty line; a result never holds an empty line itself (it would end the response).

use std::fmt;

/// A command line after preprocessing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The identity number, echoed in the response.
    pub id: Option<u64>,
    /// The command name (case-sensitive, as GNU Go, the reference implementation, reads it).
    pub name: String,
    /// The arguments, split on whitespace.
    pub args: Vec<String>,
}

/// A line that holds no command: the response to give, with the id when one was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The id, when the line started with one.
    pub id: Option<u64>,
    /// The error message.
    pub message: String,
}

/// The answer to a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Response {
    /// `=`: the command succeeded; the text may be empty or span lines.
    Success(String),
    /// `?`: the command failed, with the error message.
    Failure(String),
}

impl Response {
    /// A success with no text.
    #[must_use]
    pub fn ok() -> Response {
        Response::Success(String::new())
    }

    /// A success with this text.
    pub fn text(s: impl Into<String>) -> Response {
        Response::Success(s.into())
    }

    /// A failure with this message.
    pub fn fail(s: impl Into<String>) -> Response {
        Response::Failure(s.into())
    }

    /// Whether the command succeeded.
    #[must_use]
    pub fn is_success(&self) -> bool {
        matches!(self, Response::Success(_))
    }

    /// The text or the error message.
    #[must_use]
    pub fn body(&self) -> &str {
        match self {
            Response::Success(s) | Response::Failure(s) => s,
        }
    }
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_response(None, self))
    }
}

/// GTP 2.10 preprocessing of one input line (without its line feed): control characters
/// other than HT are removed (CR among them), everything from a `#` on is a comment, HT
/// becomes a space. `None` when nothing but whitespace is left: such a line is no command
/// and gets no response.
#[must_use]
pub fn preprocess(line: &str) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    for ch in line.chars() {
        match ch {
            '#' => break,
            '\t' => out.push(' '),
            c if c.is_ascii_control() => {}
            c => out.push(c),
        }
    }
    if out.trim_matches(' ').is_empty() {
        None
    } else {
        Some(out)
    }
}

/// Reads a preprocessed line as `[id] command_name [arguments]`.
///
/// # Errors
/// A line whose first word is digits too large for an id, or an id with no command after
/// it; the [`ParseError`] says what to answer.
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let mut words = line.split([' ', '\t']).filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return Err(ParseError {
            id: None,
            message: "syntax error: empty command".to_owned(),
        });
    };
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        let Ok(id) = first.parse::<u64>() else {
            return Err(ParseError {
                id: None,
                message: format!("syntax error: id {first} is too large"),
            });
        };
        match words.next() {
            Some(name) => (Some(id), name),
            None => {
                return Err(ParseError {
                    id: Some(id),
                    message: "syntax error: no command after the id".to_owned(),
                });
            }
        }
    } else {
        (None, first)
    };
    Ok(Command {
        id,
        name: name.to_owned(),
        args: words.map(str::to_owned).collect(),
    })
}

/// A response as sent: `=` or `?`, the id if the command had one, a space and the text if
/// there is any, and an empty line. Empty lines inside the text are dropped (they would end
/// the response early), as are control characters other than LF, and trailing line breaks.
#[must_use]
pub fn format_response(id: Option<u64>, response: &Response) -> String {
    let (mark, body) = match response {
        Response::Success(s) => ('=', s),
        Response::Failure(s) => ('?', s),
    };
    let mut out = String::with_capacity(body.len() + 8);
    out.push(mark);
    if let Some(id) = id {
        out.push_str(&id.to_string());
    }
    let clean = clean_body(body);
    if !clean.is_empty() {
        out.push(' ');
        out.push_str(&clean);
    }
    out.push_str("\n\n");
    out
}

/// The text of a response with no empty line inside, no trailing newline and no control
/// characters but LF. A leading newline is kept (multi-line results such as `showboard`
/// start on the line after the `=`).
fn clean_body(body: &str) -> String {
    let text: String = body
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .filter(|&c| c == '\n' || !c.is_control())
        .collect();
    // Blank lines (spaces only) go too: a lenient controller would take one for the end.
    let mut joined = text
        .split('\n')
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    if text.starts_with('\n') && !joined.is_empty() {
        joined.insert(0, '\n');
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_response_says_whether_it_succeeded_and_shows_as_sent() {
        let ok = Response::text("D4");
        let failed = Response::fail("illegal move");
        assert!(ok.is_success() && !failed.is_success());
        assert_eq!((ok.body(), failed.body()), ("D4", "illegal move"));
        assert_eq!(ok.to_string(), "= D4\n\n");
        assert_eq!(failed.to_string(), "? illegal move\n\n");
    }

    #[test]
    fn preprocessing_follows_section_2_10() {
        assert_eq!(preprocess("play b D4\r").as_deref(), Some("play b D4"));
        assert_eq!(preprocess("\tplay\tb\tD4").as_deref(), Some(" play b D4"));
        assert_eq!(preprocess("name # a comment").as_deref(), Some("name "));
        assert_eq!(preprocess("# only a comment"), None);
        assert_eq!(preprocess(" \t \r"), None);
        assert_eq!(preprocess(""), None);
        assert_eq!(preprocess("na\u{1}me\u{7f}").as_deref(), Some("name"));
    }

    #[test]
    fn ids_and_arguments() {
        let c = parse_command("  12   play  b D4 ").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, ["b", "D4"]);
        let c = parse_command("name").unwrap();
        assert_eq!(c.id, None);
        assert!(c.args.is_empty());
        assert_eq!(parse_command("7").unwrap_err().id, Some(7));
        assert_eq!(
            parse_command("99999999999999999999999 name")
                .unwrap_err()
                .id,
            None
        );
        // Not all digits: a (probably unknown) command name, not an id.
        assert_eq!(parse_command("-1 name").unwrap().name, "-1");
    }

    #[test]
    fn responses_end_with_one_empty_line_and_hold_none() {
        assert_eq!(format_response(None, &Response::ok()), "=\n\n");
        assert_eq!(format_response(Some(3), &Response::text("2")), "=3 2\n\n");
        assert_eq!(
            format_response(Some(4), &Response::fail("illegal move")),
            "?4 illegal move\n\n"
        );
        assert_eq!(
            format_response(None, &Response::text("a\n\n\nb\n  \nc\n\n")),
            "= a\nb\nc\n\n"
        );
        assert_eq!(
            format_response(None, &Response::text("\n  A B\n1 . .\n")),
            "= \n  A B\n1 . .\n\n"
        );
    }
}
