//! The engine driven in process, as a controller would drive it: the protocol (section 2 of
//! the GTP v2 draft), every command, the rules commands, the player, and SGF in and out.
//! One test binary, a module per area.

mod client;
mod commands;
mod games;
mod hostile;
mod protocol;
mod rules;
mod util;
