//! The exit status of a run: 0 clean, 1 findings, 2 errors (docs/exit-codes.md).

use std::process::ExitCode;

/// How a run ended. Ordered: combining two statuses keeps the worse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything was read; nothing to report that was asked to fail the run.
    Clean,
    /// Findings that were asked to fail the run (`gorules check --fail-on`).
    Findings,
    /// Unreadable or unparsable input, or bad usage.
    Error,
}

impl Status {
    /// The worse of two statuses.
    #[must_use]
    pub fn and(self, other: Status) -> Status {
        self.max(other)
    }

    /// The process exit code.
    pub fn code(self) -> ExitCode {
        ExitCode::from(self.number())
    }

    /// The exit code as a number: 0, 1 or 2.
    pub fn number(self) -> u8 {
        match self {
            Status::Clean => 0,
            Status::Findings => 1,
            Status::Error => 2,
        }
    }

    /// The status in one word, as `check`'s summary gives it: `clean`, `findings`, `error`.
    pub fn word(self) -> &'static str {
        match self {
            Status::Clean => "clean",
            Status::Findings => "findings",
            Status::Error => "error",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combining_keeps_the_worse() {
        assert_eq!(Status::Clean.and(Status::Findings), Status::Findings);
        assert_eq!(Status::Error.and(Status::Findings), Status::Error);
        assert_eq!(Status::Clean.and(Status::Clean), Status::Clean);
        let all = [Status::Clean, Status::Findings, Status::Error];
        assert_eq!(all.map(Status::number), [0, 1, 2]);
        assert_eq!(all.map(Status::word), ["clean", "findings", "error"]);
    }
}
