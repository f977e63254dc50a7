//! The last lines an engine wrote to its standard error, kept for the errors that name it.
//!
//! A thread drains the pipe for the whole life of the engine (an engine that writes without
//! end never blocks on it), keeping at most [`KEPT_LINES`] lines of at most [`KEPT_BYTES`]
//! bytes each: memory stays bounded whatever the engine writes.

use std::collections::VecDeque;
use std::io::Read;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Lines kept (the last ones).
pub const KEPT_LINES: usize = 20;
/// Bytes kept of one line (the first ones); a longer line ends with `…`.
pub const KEPT_BYTES: usize = 400;

/// The tail of an engine's standard error, filled by a thread of its own.
#[derive(Clone, Default)]
pub(crate) struct StderrTail {
    shared: Arc<(Mutex<Tail>, Condvar)>,
}

/// The lines so far, the line being written, and whether the pipe is closed.
#[derive(Default)]
struct Tail {
    lines: VecDeque<String>,
    current: Vec<u8>,
    cut: bool,
    closed: bool,
}

impl Tail {
    fn push(&mut self, bytes: &[u8]) {
        for piece in bytes.split_inclusive(|&b| b == b'\n') {
            let (text, ends) = match piece.strip_suffix(b"\n") {
                Some(text) => (text, true),
                None => (piece, false),
            };
            let room = KEPT_BYTES.saturating_sub(self.current.len());
            self.current
                .extend_from_slice(&text[..text.len().min(room)]);
            self.cut |= text.len() > room;
            if ends {
                self.end_line();
            }
        }
    }

    fn end_line(&mut self) {
        let mut line = String::from_utf8_lossy(&self.current)
            .trim_end_matches('\r')
            .to_owned();
        if self.cut {
            line.push('…');
        }
        self.current.clear();
        self.cut = false;
        if self.lines.len() == KEPT_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
    }

    fn lines(&self) -> Vec<String> {
        let mut v: Vec<String> = self.lines.iter().cloned().collect();
        if !self.current.is_empty() {
            v.push(String::from_utf8_lossy(&self.current).into_owned());
        }
        let start = v.len().saturating_sub(KEPT_LINES);
        v.split_off(start)
    }
}

impl StderrTail {
    /// Starts the thread that drains `pipe` into the tail.
    pub(crate) fn start(mut pipe: impl Read + Send + 'static) -> StderrTail {
        let tail = StderrTail::default();
        let filled = tail.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                match pipe.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => filled.lock().push(&buf[..n]),
                }
            }
            filled.lock().closed = true;
            filled.shared.1.notify_all();
        });
        tail
    }

    fn lock(&self) -> MutexGuard<'_, Tail> {
        self.shared.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The last lines (a line not yet ended included), waiting up to `wait` for the pipe to
    /// close first (once the engine has ended, so that its last words are in).
    pub(crate) fn lines(&self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut tail = self.lock();
        while !tail.closed {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            tail = self
                .shared
                .1
                .wait_timeout(tail, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        tail.lines()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tail_of(bytes: &[u8]) -> Vec<String> {
        StderrTail::start(std::io::Cursor::new(bytes.to_vec())).lines(Duration::from_secs(5))
    }

    #[test]
    fn the_last_lines_are_kept_and_long_lines_cut() {
        let many: String = (0..100).map(|i| format!("line {i}\r\n")).collect();
        let lines = tail_of(many.as_bytes());
        assert_eq!(lines.len(), KEPT_LINES);
        assert_eq!(lines[0], "line 80");
        assert_eq!(lines[KEPT_LINES - 1], "line 99");
        let long = format!("{}\nshort\nunended", "x".repeat(10 * KEPT_BYTES));
        let lines = tail_of(long.as_bytes());
        assert_eq!(lines[0], format!("{}…", "x".repeat(KEPT_BYTES)));
        assert_eq!(lines[1..], ["short", "unended"]);
        assert!(tail_of(b"").is_empty());
        // A line of exactly the bytes kept is whole.
        let full = "y".repeat(KEPT_BYTES);
        assert_eq!(tail_of(format!("{full}\n").as_bytes()), [full]);
        // Broken UTF-8 is replaced, not refused.
        assert_eq!(tail_of(b"a\xffb\n"), ["a\u{fffd}b"]);
    }

    #[test]
    fn pieces_join_into_lines() {
        let mut t = Tail::default();
        for piece in [&b"one"[..], b" two\nthr", b"ee\n", b"\n"] {
            t.push(piece);
        }
        assert_eq!(t.lines(), ["one two", "three", ""]);
    }
}
