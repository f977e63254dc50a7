//! The extra cases of the brief.

use crate::common::*;

#[test]
fn two_one_point_eyes_live() {
    let b = board(&[".X.XO.", "XXXXOO", "OOOOO."]);
    let m = analyze_default(&b);
    println!("{}", picture(&b, &m));
}

