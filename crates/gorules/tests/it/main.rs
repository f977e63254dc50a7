//! Behaviour of the `gorules` binary through its public interface. One test binary, a module
//! per area (ripgrep's layout).

mod consistency;
mod fixtures;
mod reference;
mod util;
