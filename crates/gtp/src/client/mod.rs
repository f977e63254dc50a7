//! The controller's side: another GTP engine run as a child process, spoken to over its
//! standard input and output.
//!
//! Every command is sent with an id, and the response must carry the same id. A reader
//! thread collects the engine's output, so a command can wait with a time limit instead of
//! hanging on an engine that stopped answering.
//!
//! An engine started with [`GtpProcess::spawn_captured`] keeps the last lines of its standard
//! error for the errors that name it ([`GtpProcess::stderr_tail`]), and runs in a process
//! group of its own, so that ending it ([`GtpProcess::end`]) ends whatever it started too (a
//! wrapper script and the engine it runs).

mod stderr;

use stderr::StderrTail;
pub use stderr::{KEPT_BYTES, KEPT_LINES};

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// Longest line read from an engine.
const MAX_LINE: u64 = 1 << 20;
/// Longest answer (all its lines) taken from an engine.
const MAX_ANSWER: usize = 4 << 20;
/// Lines read ahead of the controller: an engine printing between commands waits on its
/// pipe instead of filling the memory (at most this many lines of `MAX_LINE` bytes are held,
/// each up to three times that once invalid UTF-8 is replaced: 48 MiB, plus the line being
/// read).
const LINES_AHEAD: usize = 16;

/// What went wrong talking to an engine (not a `?` response: that is an answer).
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The command line is empty or has an unclosed quote.
    #[error("bad engine command line {0:?}")]
    CommandLine(String),
    /// The engine could not be started.
    #[error("cannot start engine {program:?}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// Writing to or reading from the engine failed.
    #[error("engine {engine:?}: {source}")]
    Io {
        /// The engine's command line.
        engine: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine closed its output.
    #[error("engine {engine:?} closed its output while answering {command:?}")]
    Closed {
        /// The engine's command line.
        engine: String,
        /// The command.
        command: String,
    },
    /// No answer in time.
    #[error("engine {engine:?} did not answer {command:?} within {seconds} s")]
    Timeout {
        /// The engine's command line.
        engine: String,
        /// The command.
        command: String,
        /// The limit.
        seconds: u64,
    },
    /// An answer that is not GTP.
    #[error("engine {engine:?} answered {command:?} with something that is not GTP: {line:?}")]
    Protocol {
        /// The engine's command line.
        engine: String,
        /// The command.
        command: String,
        /// The first line of the answer.
        line: String,
    },
}

/// A GTP engine in a child process.
pub struct GtpProcess {
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<std::io::Result<String>>,
    next_id: u64,
    timeout: Duration,
    /// The tail of its standard error, when captured.
    stderr: Option<StderrTail>,
    /// Whether the engine was waited for (its id, and its group's, may then be reused).
    reaped: bool,
}

impl GtpProcess {
    /// Starts the engine `command_line` (split into words as a shell would, without running
    /// one: [`split_command_line`]). Its standard error is passed through.
    ///
    /// # Errors
    /// When the line is malformed or the program cannot be started.
    pub fn spawn(command_line: &str, timeout: Duration) -> Result<GtpProcess, ClientError> {
        GtpProcess::start(command_line, timeout, false)
    }

    /// Starts the engine `command_line` as [`GtpProcess::spawn`] does, keeping the last lines
    /// of its standard error ([`GtpProcess::stderr_tail`]) instead of passing it through, in a
    /// process group of its own (on Unix) that [`GtpProcess::end`] ends as a whole.
    ///
    /// # Errors
    /// As [`GtpProcess::spawn`].
    pub fn spawn_captured(
        command_line: &str,
        timeout: Duration,
    ) -> Result<GtpProcess, ClientError> {
        GtpProcess::start(command_line, timeout, true)
    }

    fn start(
        command_line: &str,
        timeout: Duration,
        captured: bool,
    ) -> Result<GtpProcess, ClientError> {
        let words = split_command_line(command_line)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| ClientError::CommandLine(command_line.to_owned()))?;
        let mut command = Command::new(&words[0]);
        command
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if captured {
            command.stderr(Stdio::piped());
            #[cfg(unix)]
            std::os::unix::process::CommandExt::process_group(&mut command, 0);
        } else {
            command.stderr(Stdio::inherit());
        }
        let mut child = command.spawn().map_err(|source| ClientError::Spawn {
            program: words[0].clone(),
            source,
        })?;
        let stderr = child.stderr.take().map(StderrTail::start);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                // A line is read up to MAX_LINE bytes: an engine printing without end does
                // not fill the memory.
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
                    Ok(0) => return,
                    Ok(n) if n as u64 == MAX_LINE && buf.last() != Some(&b'\n') => {
                        let _ = tx.send(Err(std::io::Error::new(
                            std::io::ErrorKind::InvalidData,
                            format!("a line longer than {MAX_LINE} bytes"),
                        )));
                        return;
                    }
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\n', '\r'])
                            .to_owned();
                        if tx.send(Ok(line)).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            }
        });
        Ok(GtpProcess {
            label: command_line.to_owned(),
            child,
            stdin,
            lines: rx,
            next_id: 1,
            timeout,
            stderr,
            reaped: false,
        })
    }

    /// The command line the engine was started with.
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Sends one command (a line without id) and waits for the answer: `Ok(Ok(text))` for
    /// `=`, `Ok(Err(message))` for `?`.
    ///
    /// # Errors
    /// When the engine cannot be written to, closes its output, answers too late or not in
    /// GTP.
    pub fn send(&mut self, command: &str) -> Result<Result<String, String>, ClientError> {
        let id = self.next_id;
        self.next_id += 1;
        let io_err = |source| ClientError::Io {
            engine: self.label.clone(),
            source,
        };
        let stdin = self.stdin.as_mut().ok_or_else(|| {
            io_err(std::io::Error::new(
                std::io::ErrorKind::BrokenPipe,
                "the engine's input is closed",
            ))
        })?;
        writeln!(stdin, "{id} {command}")
            .and_then(|()| stdin.flush())
            .map_err(io_err)?;
        // One deadline for the whole answer: an engine that keeps printing lines without the
        // closing empty line still times out.
        let deadline = Instant::now() + self.timeout;
        // Skip anything before the response (some engines print empty lines).
        let first = loop {
            let line = self.next_line(command, deadline)?;
            if !line.trim().is_empty() {
                break line;
            }
        };
        let (success, rest) = match first.as_bytes().first() {
            Some(b'=') => (true, &first[1..]),
            Some(b'?') => (false, &first[1..]),
            _ => return Err(self.protocol(command, &first)),
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if rest[..digits].parse::<u64>().ok() != Some(id) {
            return Err(self.protocol(command, &first));
        }
        let mut text = rest[digits..].trim().to_owned();
        loop {
            let line = self.next_line(command, deadline)?;
            if line.is_empty() {
                break;
            }
            if text.len() + line.len() > MAX_ANSWER {
                return Err(self.protocol(command, &format!("an answer over {MAX_ANSWER} bytes")));
            }
            text.push('\n');
            text.push_str(&line);
        }
        let text = text.trim().to_owned();
        Ok(if success { Ok(text) } else { Err(text) })
    }

    /// Whether the engine knows `name` (`known_command`; an engine that fails the question
    /// does not).
    ///
    /// # Errors
    /// As [`GtpProcess::send`].
    pub fn knows(&mut self, name: &str) -> Result<bool, ClientError> {
        Ok(matches!(self.send(&format!("known_command {name}"))?, Ok(t) if t == "true"))
    }

    /// Sends `quit`, closes the engine's input and waits a moment for it to exit; kills it if
    /// it does not.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                self.reaped = true;
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.end();
    }

    /// Ends the engine now: kills it (with its process group, when captured) and waits for
    /// it. Nothing more can be sent.
    pub fn end(&mut self) {
        self.stdin = None;
        if !self.reaped {
            self.kill_group();
            if matches!(self.child.try_wait(), Ok(None)) {
                let _ = self.child.kill();
            }
            let _ = self.child.wait();
            self.reaped = true;
        }
    }

    /// The last lines the engine wrote to its standard error (at most [`KEPT_LINES`], each
    /// cut at [`KEPT_BYTES`] bytes), waiting up to `wait` for it to close (an engine that has
    /// ended has said all it will); empty when its standard error is passed through.
    #[must_use]
    pub fn stderr_tail(&self, wait: Duration) -> Vec<String> {
        self.stderr
            .as_ref()
            .map(|t| t.lines(wait))
            .unwrap_or_default()
    }

    /// Kills the engine's process group (captured engines only, which lead one). Called
    /// before the engine is waited for: until then its id, the group's, cannot be reused.
    fn kill_group(&mut self) {
        #[cfg(unix)]
        if self.stderr.is_some() {
            if let Ok(group) = libc::pid_t::try_from(self.child.id()) {
                // SAFETY: kill(2) takes plain integers and touches no memory of ours.
                unsafe {
                    libc::kill(-group, libc::SIGKILL);
                }
            }
        }
    }

    fn next_line(&mut self, command: &str, deadline: Instant) -> Result<String, ClientError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(source)) => Err(ClientError::Io {
                engine: self.label.clone(),
                source,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(ClientError::Closed {
                engine: self.label.clone(),
                command: command.to_owned(),
            }),
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout {
                engine: self.label.clone(),
                command: command.to_owned(),
                seconds: self.timeout.as_secs(),
            }),
        }
    }

    fn protocol(&self, command: &str, line: &str) -> ClientError {
        ClientError::Protocol {
            engine: self.label.clone(),
            command: command.to_owned(),
            line: line.to_owned(),
        }
    }
}

impl Drop for GtpProcess {
    fn drop(&mut self) {
        self.end();
    }
}

/// Splits a command line into words as a POSIX shell would for a simple command: blanks
/// separate words; `'…'` is literal; `"…"` is literal but for `\"` and `\\`; a backslash
/// outside quotes escapes the next character. No expansion of any kind. `None` for an
/// unclosed quote or a trailing backslash.
#[must_use]
pub fn split_command_line(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => word.push(c),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            c @ ('"' | '\\') => word.push(c),
                            c => {
                                word.push('\\');
                                word.push(c);
                            }
                        },
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.push(chars.next()?);
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(
            split_command_line("gnugo --mode gtp  --level 0").unwrap(),
            ["gnugo", "--mode", "gtp", "--level", "0"]
        );
        assert_eq!(
            split_command_line(r#"gorules gtp --rules '{"ko": "SIMPLE"}' "a b" c\ d"#).unwrap(),
            [
                "gorules",
                "gtp",
                "--rules",
                r#"{"ko": "SIMPLE"}"#,
                "a b",
                "c d"
            ]
        );
        assert_eq!(split_command_line("x ''").unwrap(), ["x", ""]);
        assert_eq!(split_command_line("'open"), None);
        assert!(split_command_line("  ").unwrap().is_empty());
    }
}
