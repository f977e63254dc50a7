//! Properties and consistency.
