//! Tar archives for hostile-input tests, shared by game-sources' unit and integration tests
//! and gorules' (included with `#[path]`): every member's name is written raw into the header,
//! so names the `tar` builder would refuse (`../x.sgf`, absolute paths, escape sequences)
//! survive.

use std::io::Write;

/// Writes `members` as a tar archive of regular files into `out` and returns it.
pub fn raw_tar<W: Write>(out: W, members: &[(&str, &[u8])]) -> W {
    let typed: Vec<_> = members
        .iter()
        .map(|&(name, data)| (tar::EntryType::Regular, name, data))
        .collect();
    raw_tar_typed(out, &typed)
}

/// [`raw_tar`] with each entry's type given (GNU long names, PAX headers, …).
pub fn raw_tar_typed<W: Write>(out: W, entries: &[(tar::EntryType, &str, &[u8])]) -> W {
    let mut b = tar::Builder::new(out);
    for (etype, name, data) in entries {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(0o644);
        h.set_entry_type(*etype);
        let raw = h.as_old_mut();
        raw.name[..name.len()].copy_from_slice(name.as_bytes());
        h.set_cksum();
        b.append(&h, *data).unwrap();
    }
    b.into_inner().unwrap()
}
