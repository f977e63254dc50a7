//! Behaviour of the `gorules` binary through its public interface. One test binary, a module
//! per area (ripgrep's layout).

mod check;
mod cli_docs;
mod consistency;
mod dead;
mod diff;
mod engine;
mod fixtures;
mod gtp;
mod hostile;
mod reference;
mod schema;
mod show;
mod util;
