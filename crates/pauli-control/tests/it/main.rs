//! Integration tests of pauli-control: one binary, a module per area.

mod common;
mod cases;
mod corpus;
mod explore;
mod ljr;
mod props;
mod retro;
