//! Graph-board games in JSON (docs/graph-format.md).
