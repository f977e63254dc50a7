//! Integration tests of pauli-control: one binary, a module per area.

// Index loops over boards read better than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod assessor;
mod cases;
mod common;
mod corpus;
mod explore;
mod ljr;
mod props;
mod retro;
