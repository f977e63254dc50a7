//! Behaviour tests of the SGF reader: one binary, a module per area.

mod corpus;
mod fixtures;
mod hostile;
mod quirks;
