//! Archives read in place: members are streamed, never extracted to disk, with the member
//! count and the decompressed size bounded ([`Limits`](crate::Limits)).

use crate::{Class, Item, ItemKind, SourceError, Walker, classify, member_name, skip_reason};
use std::io::{Read, Seek};
use std::ops::ControlFlow;

/// What to do with one member, given its name (already checked against the shard).
enum Member {
    Read(crate::RecordFormat),
    Skip(String),
}

fn member_class(name: &str) -> Member {
    match classify(name, false) {
        Class::Record(f) => Member::Read(f),
        Class::Archive(_) => {
            Member::Skip("an archive inside an archive is not opened; extract it first".to_owned())
        }
        Class::Other => Member::Skip(skip_reason(name)),
    }
}

/// Reads one member's bytes within both limits and adds them to the archive's running
/// total. The flag says the archive's total limit was reached: the archive stops there.
fn read_member(
    r: &mut dyn Read,
    declared: u64,
    limits: &crate::Limits,
    total: &mut u64,
) -> (Result<Vec<u8>, SourceError>, bool) {
    if declared > limits.max_record_bytes {
        return (
            Err(SourceError::TooLarge {
                limit: limits.max_record_bytes,
            }),
            false,
        );
    }
    let room = limits.max_archive_bytes.saturating_sub(*total);
    let cap = limits.max_record_bytes.min(room);
    let mut buf = Vec::new();
    let res = r.take(cap.saturating_add(1)).read_to_end(&mut buf);
    *total = total.saturating_add(buf.len() as u64);
    match res {
        Err(e) => (Err(SourceError::Member(e.to_string())), false),
        Ok(_) if buf.len() as u64 > cap => {
            if cap == limits.max_record_bytes {
                (
                    Err(SourceError::TooLarge {
                        limit: limits.max_record_bytes,
                    }),
                    false,
                )
            } else {
                (
                    Err(SourceError::ArchiveTooLarge {
                        limit: limits.max_archive_bytes,
                    }),
                    true,
                )
            }
        }
        Ok(_) => (Ok(buf), false),
    }
}

pub(crate) fn zip<R: Read + Seek>(w: &mut Walker<'_>, file: R, name: &str) -> ControlFlow<()> {
    let limits = w.options.limits.clone();
    let mut archive = match zip::ZipArchive::new(file) {
        Ok(a) => a,
        Err(e) => return w.emit(Item::error(name, SourceError::Archive(e.to_string()))),
    };
    let mut total = 0u64;
    let mut members = 0u64;
    for i in 0..archive.len() {
        let label = archive
            .name_for_index(i)
            .map_or_else(|| format!("#{i}"), str::to_owned);
        let mut entry = match archive.by_index(i) {
            Ok(e) => e,
            Err(e) => {
                // The central directory names it but the member cannot be opened. It counts
                // as a member: a directory of broken entries does not escape the limit.
                members += 1;
                if members > limits.max_members {
                    return w.emit(Item::error(
                        name,
                        SourceError::TooManyMembers {
                            limit: limits.max_members,
                        },
                    ));
                }
                w.emit(Item::error(
                    member_name(name, &label),
                    SourceError::Member(e.to_string()),
                ))?;
                continue;
            }
        };
        if entry.is_dir() {
            continue;
        }
        members += 1;
        if members > limits.max_members {
            return w.emit(Item::error(
                name,
                SourceError::TooManyMembers {
                    limit: limits.max_members,
                },
            ));
        }
        let full = member_name(name, &entry.name_raw().escape_ascii().to_string());
        let full = match std::str::from_utf8(entry.name_raw()) {
            Ok(s) => member_name(name, s),
            Err(_) => full,
        };
        if !w.in_shard(&full) {
            continue;
        }
        let kind = match member_class(&full) {
            Member::Skip(reason) => ItemKind::Skipped(reason),
            Member::Read(format) => {
                let declared = entry.size();
                let (bytes, stop) = read_member(&mut entry, declared, &limits, &mut total);
                if stop {
                    drop(entry);
                    w.emit(Item {
                        name: full,
                        kind: ItemKind::Error(SourceError::ArchiveTooLarge {
                            limit: limits.max_archive_bytes,
                        }),
                    })?;
                    return ControlFlow::Continue(());
                }
                match bytes {
                    Ok(bytes) => ItemKind::Record { format, bytes },
                    Err(e) => ItemKind::Error(e),
                }
            }
        };
        drop(entry);
        (w.sink)(Item { name: full, kind })?;
    }
    ControlFlow::Continue(())
}

pub(crate) fn tar<R: Read>(w: &mut Walker<'_>, reader: R, name: &str) -> ControlFlow<()> {
    let limits = w.options.limits.clone();
    let mut archive = tar::Archive::new(reader);
    let entries = match archive.entries() {
        Ok(e) => e,
        Err(e) => return w.emit(Item::error(name, SourceError::Archive(e.to_string()))),
    };
    let mut total = 0u64;
    let mut members = 0u64;
    for entry in entries {
        let mut entry = match entry {
            Ok(e) => e,
            Err(e) => {
                // A damaged header or compressed stream: nothing after it can be trusted.
                return w.emit(Item::error(name, SourceError::Archive(e.to_string())));
            }
        };
        let etype = entry.header().entry_type();
        if etype.is_dir() || etype.is_gnu_longname() || etype.is_pax_global_extensions() {
            continue;
        }
        members += 1;
        if members > limits.max_members {
            return w.emit(Item::error(
                name,
                SourceError::TooManyMembers {
                    limit: limits.max_members,
                },
            ));
        }
        let raw = entry.path_bytes();
        let full = member_name(name, &String::from_utf8_lossy(&raw));
        if !w.in_shard(&full) {
            continue;
        }
        // A member that is skipped is still decompressed to be passed over: its size counts
        // towards the archive's limit (a .tar.gz with a 100 GB README is a time bomb).
        let skipped = |total: &mut u64, reason: String| {
            *total = total.saturating_add(entry.size());
            if *total > limits.max_archive_bytes {
                Err(SourceError::ArchiveTooLarge {
                    limit: limits.max_archive_bytes,
                })
            } else {
                Ok(ItemKind::Skipped(reason))
            }
        };
        let kind = if !(etype.is_file() || etype.is_contiguous()) {
            match skipped(
                &mut total,
                format!("not a regular file in the archive ({etype:?}); links are not followed"),
            ) {
                Ok(kind) => kind,
                Err(e) => return w.emit(Item::error(full, e)),
            }
        } else {
            match member_class(&full) {
                Member::Skip(reason) => match skipped(&mut total, reason) {
                    Ok(kind) => kind,
                    Err(e) => return w.emit(Item::error(full, e)),
                },
                Member::Read(format) => {
                    let declared = entry.size();
                    // A tar header's size is the truth (the stream's layout depends on it):
                    // a member that would pass the archive's limit is not even skipped over.
                    if total.saturating_add(declared) > limits.max_archive_bytes {
                        (w.sink)(Item {
                            name: full,
                            kind: ItemKind::Error(SourceError::ArchiveTooLarge {
                                limit: limits.max_archive_bytes,
                            }),
                        })?;
                        return ControlFlow::Continue(());
                    }
                    if declared > limits.max_record_bytes {
                        // Refused as too large, but decompressed to be passed over: its
                        // bytes count towards the archive's total all the same.
                        total = total.saturating_add(declared);
                    }
                    let (bytes, stop) = read_member(&mut entry, declared, &limits, &mut total);
                    if stop {
                        w.emit(Item {
                            name: full,
                            kind: ItemKind::Error(SourceError::ArchiveTooLarge {
                                limit: limits.max_archive_bytes,
                            }),
                        })?;
                        return ControlFlow::Continue(());
                    }
                    match bytes {
                        Ok(bytes) => ItemKind::Record { format, bytes },
                        Err(e) => ItemKind::Error(e),
                    }
                }
            }
        };
        (w.sink)(Item { name: full, kind })?;
    }
    ControlFlow::Continue(())
}
