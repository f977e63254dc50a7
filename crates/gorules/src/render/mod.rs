//! Rendering reports: tables for people, JSON for machines.

pub mod json;
pub mod table;
