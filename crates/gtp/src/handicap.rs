//! Fixed handicap placement (GTP v2, `fixed_handicap`): the star points of the third line on
//! boards 7×7 to 12×12 and of the fourth line from 13×13 on; up to 9 stones on odd boards
//! from 9×9, up to 4 on 7×7 and on even boards. `place_free_handicap` uses the same points.

use rules_core::{Point, Topology};

/// The handicap points for `n` stones, in GTP's order (`D4 Q16 D16 Q4 K10 D10 Q10 K4 K16`
/// on 19×19), or `None` when the board or the number allows no fixed placement.
#[must_use]
pub fn fixed(topo: &Topology, n: usize) -> Option<Vec<Point>> {
    let (w, h) = topo.grid_size()?;
    if w != h || w < 7 {
        return None;
    }
    let size = w;
    let max = if size % 2 == 1 && size >= 9 { 9 } else { 4 };
    if !(2..=max).contains(&n) {
        return None;
    }
    let d = if size >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (d, size - 1 - d, size / 2);
    // (x, y) from the top left corner.
    let lower_left = (lo, hi);
    let upper_right = (hi, lo);
    let upper_left = (lo, lo);
    let lower_right = (hi, hi);
    let center = (mid, mid);
    let mid_left = (lo, mid);
    let mid_right = (hi, mid);
    let mid_bottom = (mid, hi);
    let mid_top = (mid, lo);
    let corners = [lower_left, upper_right, upper_left, lower_right];
    // The corners, then the sides, then the centre, cut at `n` — except that an odd number
    // of 5 or 7 takes the centre in place of the last side point it would have.
    let mut xy: Vec<(usize, usize)> = match n {
        5 => [&corners[..], &[center]].concat(),
        7 => [&corners[..], &[mid_left, mid_right, center]].concat(),
        _ => [
            &corners[..],
            &[mid_left, mid_right, mid_bottom, mid_top, center],
        ]
        .concat(),
    };
    xy.truncate(n);
    xy.into_iter().map(|(x, y)| topo.at(x, y)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(topo: &Topology, n: usize) -> Option<String> {
        fixed(topo, n).map(|v| {
            v.iter()
                .map(|&p| topo.gtp(p).unwrap())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    #[test]
    fn gtp_placements() {
        let t19 = Topology::square(19).unwrap();
        assert_eq!(names(&t19, 2).unwrap(), "D4 Q16");
        assert_eq!(names(&t19, 5).unwrap(), "D4 Q16 D16 Q4 K10");
        assert_eq!(names(&t19, 9).unwrap(), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
        assert_eq!(names(&t19, 1), None);
        assert_eq!(names(&t19, 10), None);
        let t9 = Topology::square(9).unwrap();
        assert_eq!(names(&t9, 4).unwrap(), "C3 G7 C7 G3");
        let t8 = Topology::square(8).unwrap();
        assert_eq!(names(&t8, 5), None);
        assert_eq!(names(&Topology::square(6).unwrap(), 2), None);
        // Every number on 19×19, in GTP's order.
        assert_eq!(names(&t19, 3).unwrap(), "D4 Q16 D16");
        assert_eq!(names(&t19, 4).unwrap(), "D4 Q16 D16 Q4");
        assert_eq!(names(&t19, 6).unwrap(), "D4 Q16 D16 Q4 D10 Q10");
        assert_eq!(names(&t19, 7).unwrap(), "D4 Q16 D16 Q4 D10 Q10 K10");
        assert_eq!(names(&t19, 8).unwrap(), "D4 Q16 D16 Q4 D10 Q10 K4 K16");
        // 7×7 is the smallest board, with up to 4 stones; even boards too, however large.
        let t7 = Topology::square(7).unwrap();
        assert_eq!(names(&t7, 4).unwrap(), "C3 E5 C5 E3");
        assert_eq!(names(&t7, 5), None);
        let t10 = Topology::square(10).unwrap();
        assert_eq!(names(&t10, 4).unwrap(), "C3 H8 C8 H3");
        assert_eq!(names(&t10, 5), None);
    }
}
