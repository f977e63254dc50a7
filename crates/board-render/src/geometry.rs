//! Board geometry shared by the renderers: star points and coordinate labels.

use rules_core::topology::GTP_COLUMNS;

const SGF_LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The star points (hoshi) of a `width` × `height` grid, as `(x, y)` from the top left.
///
/// The usual ones on 9×9 (the 3-3 points and the centre), 13×13 (4-4 and centre) and 19×19
/// (the nine 4-4, 4-10 and 10-10 points); other sizes follow the same pattern: corner points
/// on the 3rd line for a side under 12, the 4th line from 12; side points on sides of at least
/// 15 and odd length; the centre when both sides are odd and at least 7. Sides under 7 have
/// none.
#[must_use]
pub fn star_points(width: usize, height: usize) -> Vec<(usize, usize)> {
    fn lines(side: usize) -> Vec<usize> {
        if side < 7 {
            return Vec::new();
        }
        let d = if side < 12 { 2 } else { 3 };
        let mut v = vec![d, side - 1 - d];
        if side >= 15 && side % 2 == 1 {
            v.insert(1, side / 2);
        }
        v
    }
    let (xs, ys) = (lines(width), lines(height));
    let mut out = Vec::new();
    for &y in &ys {
        for &x in &xs {
            out.push((x, y));
        }
    }
    if width % 2 == 1 && height % 2 == 1 && width >= 7 && height >= 7 {
        let c = (width / 2, height / 2);
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out.sort_by_key(|&(x, y)| (y, x));
    out
}

/// Column and row labels of a grid: GTP letters (no `I`) and numbers counted from the bottom
/// on grids at most 25 wide, SGF letters on both axes on wider ones.
pub(crate) struct Labels {
    /// One per column.
    pub cols: Vec<String>,
    /// One per row, top to bottom.
    pub rows: Vec<String>,
}

impl Labels {
    pub(crate) fn of(width: usize, height: usize) -> Labels {
        if width <= GTP_COLUMNS.len() {
            Labels {
                cols: (0..width)
                    .map(|x| (GTP_COLUMNS[x] as char).to_string())
                    .collect(),
                rows: (0..height).map(|y| (height - y).to_string()).collect(),
            }
        } else {
            Labels {
                cols: (0..width)
                    .map(|x| (SGF_LETTERS[x] as char).to_string())
                    .collect(),
                rows: (0..height)
                    .map(|y| (SGF_LETTERS[y] as char).to_string())
                    .collect(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_star_points() {
        assert_eq!(
            star_points(9, 9),
            vec![(2, 2), (6, 2), (4, 4), (2, 6), (6, 6)]
        );
        assert_eq!(
            star_points(13, 13),
            vec![(3, 3), (9, 3), (6, 6), (3, 9), (9, 9)]
        );
        let nineteen = star_points(19, 19);
        assert_eq!(nineteen.len(), 9);
        for p in [
            (3, 3),
            (9, 3),
            (15, 3),
            (3, 9),
            (9, 9),
            (15, 9),
            (3, 15),
            (9, 15),
            (15, 15),
        ] {
            assert!(nineteen.contains(&p), "{p:?}");
        }
        assert!(star_points(5, 5).is_empty());
        assert!(star_points(7, 4).is_empty());
        assert_eq!(star_points(7, 7).len(), 5);
        // The 4th line from a side of 12 on, the 3rd below it.
        assert_eq!(star_points(12, 12), vec![(3, 3), (8, 3), (3, 8), (8, 8)]);
        assert_eq!(star_points(11, 11)[0], (2, 2));
    }

    #[test]
    fn labels_skip_i_and_switch_to_sgf_letters_past_25() {
        let l = Labels::of(9, 9);
        assert_eq!(l.cols[8], "J");
        assert_eq!(l.rows[0], "9");
        let wide = Labels::of(30, 4);
        assert_eq!(wide.cols[8], "i");
        assert_eq!(wide.cols[29], "D");
        assert_eq!(wide.rows[0], "a");
    }
}
