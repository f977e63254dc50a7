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
/// total. [`SourceError::ArchiveTooLarge`] means the archive's total was reached: the archive
/// stops there.
fn read_member(
    r: &mut dyn Read,
    declared: u64,
    limits: &crate::Limits,
    total: &mut u64,
) -> Result<Vec<u8>, SourceError> {
    if let Some(e) = declared_too_large(declared, limits) {
        return Err(e);
    }
    let room = limits.max_archive_bytes.saturating_sub(*total);
    let cap = limits.max_record_bytes.min(room);
    let mut buf = Vec::new();
    let res = r.take(cap.saturating_add(1)).read_to_end(&mut buf);
    *total = total.saturating_add(buf.len() as u64);
    match res {
        Err(e) => Err(SourceError::Member(e.to_string())),
        Ok(_) if buf.len() as u64 > cap => Err(if cap == limits.max_record_bytes {
            record_too_large(limits)
        } else {
            archive_too_large(limits)
        }),
        Ok(_) => Ok(buf),
    }
}

/// A member whose header declares more than the record limit is refused unread.
fn declared_too_large(declared: u64, limits: &crate::Limits) -> Option<SourceError> {
    (declared > limits.max_record_bytes).then(|| record_too_large(limits))
}

fn record_too_large(limits: &crate::Limits) -> SourceError {
    SourceError::TooLarge {
        limit: limits.max_record_bytes,
    }
}

fn archive_too_large(limits: &crate::Limits) -> SourceError {
    SourceError::ArchiveTooLarge {
        limit: limits.max_archive_bytes,
    }
}

/// Counts one more member; past [`Limits::max_members`](crate::Limits) the archive stops.
fn count_member(members: &mut u64, limits: &crate::Limits) -> Result<(), SourceError> {
    *members += 1;
    if *members > limits.max_members {
        Err(SourceError::TooManyMembers {
            limit: limits.max_members,
        })
    } else {
        Ok(())
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
                if let Err(e) = count_member(&mut members, &limits) {
                    return w.emit(Item::error(name, e));
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
        if let Err(e) = count_member(&mut members, &limits) {
            return w.emit(Item::error(name, e));
        }
        let full = member_name(name, &member_label(entry.name_raw()));
        if !w.in_shard(&full) {
            continue;
        }
        let kind = match member_class(&full) {
            Member::Skip(reason) => ItemKind::Skipped(reason),
            Member::Read(format) => {
                let declared = entry.size();
                match read_member(&mut entry, declared, &limits, &mut total) {
                    Ok(bytes) => ItemKind::Record { format, bytes },
                    Err(e @ SourceError::ArchiveTooLarge { .. }) => {
                        return w.emit(Item::error(full, e));
                    }
                    Err(e) => ItemKind::Error(e),
                }
            }
        };
        (w.sink)(Item { name: full, kind })?;
    }
    ControlFlow::Continue(())
}

/// A member's name as the archive writes it: UTF-8 as is, other bytes escaped.
fn member_label(raw: &[u8]) -> String {
    std::str::from_utf8(raw).map_or_else(|_| raw.escape_ascii().to_string(), str::to_owned)
}

/// Bytes of a long name or PAX header read at most; more ends the archive (the tar crate
/// would read such a header whole, whatever size it claims).
const MAX_TAR_HEADER_EXTENSION: u64 = 64 * 1024;

/// A tar block: every header takes one, and data is padded to whole blocks.
const TAR_BLOCK: u64 = 512;

pub(crate) fn tar<R: Read>(w: &mut Walker<'_>, reader: R, name: &str) -> ControlFlow<()> {
    let limits = w.options.limits.clone();
    let mut archive = tar::Archive::new(reader);
    // Raw entries: GNU long names and PAX headers come as entries of their own, read here
    // within MAX_TAR_HEADER_EXTENSION.
    let entries = match archive.entries() {
        Ok(e) => e.raw(true),
        Err(e) => return w.emit(Item::error(name, SourceError::Archive(e.to_string()))),
    };
    let mut total = 0u64;
    let mut members = 0u64;
    // The name the next member takes from the extension entries before it: a PAX `path`
    // wins over a GNU long name, whatever their order (as GNU tar reads them).
    let mut gnu_name: Option<Vec<u8>> = None;
    let mut pax_path: Option<Vec<u8>> = None;
    for entry in entries {
        let mut entry = match entry {
            Ok(e) => e,
            Err(e) => {
                // A damaged header or compressed stream: nothing after it can be trusted.
                return w.emit(Item::error(name, SourceError::Archive(e.to_string())));
            }
        };
        let etype = entry.header().entry_type();
        let declared = entry.size();
        let extension = etype.is_gnu_longname()
            || etype.is_gnu_longlink()
            || etype.is_pax_local_extensions()
            || etype.is_pax_global_extensions();
        // A long name belongs to the next member: extension entries between them (a GNU
        // long link target, another PAX header) leave it in place.
        let taken = if extension {
            None
        } else {
            let (pax, gnu) = (pax_path.take(), gnu_name.take());
            pax.or(gnu)
        };
        let label = taken.map_or_else(|| member_label(&entry.path_bytes()), |n| member_label(&n));
        let full = member_name(name, &label);
        // Every entry is decompressed, whatever its type or shard (passing over it reads
        // it): its header block and its padded data count towards the archive's limit
        // before anything is read (so entries that are headers only are bounded too).
        total = total
            .saturating_add(TAR_BLOCK)
            .saturating_add(declared.div_ceil(TAR_BLOCK).saturating_mul(TAR_BLOCK));
        if total > limits.max_archive_bytes {
            return w.emit(Item::error(full, archive_too_large(&limits)));
        }
        if extension {
            let body = match crate::read_limited(&mut entry, MAX_TAR_HEADER_EXTENSION) {
                Ok(b) => b,
                Err(e) => {
                    return w.emit(Item::error(
                        name,
                        SourceError::Archive(format!(
                            "a long name or PAX header of {declared} bytes (at most \
                     {MAX_TAR_HEADER_EXTENSION} are read): {e}"
                        )),
                    ));
                }
            };
            let pax = etype.is_pax_local_extensions() || etype.is_pax_global_extensions();
            // The last record of a key wins (POSIX).
            let pax_key = |key: &[u8]| {
                tar::PaxExtensions::new(&body)
                    .filter_map(Result::ok)
                    .filter(|x| x.key_bytes() == key)
                    .last()
                    .map(|x| x.value_bytes().to_vec())
            };
            // Entries are read raw, by their headers' sizes: a PAX size would move where the
            // next header starts, so nothing after it could be trusted.
            if pax && pax_key(b"size").is_some() {
                return w.emit(Item::error(
                    name,
                    SourceError::Archive(
                        "a PAX header sets a member's size, which is not supported; the \
                         archive is not read further"
                            .into(),
                    ),
                ));
            }
            if etype.is_gnu_longname() {
                let end = body.iter().position(|&b| b == 0).unwrap_or(body.len());
                gnu_name = Some(body[..end].to_vec());
            } else if etype.is_pax_local_extensions() {
                // An empty `path` means the header's own name (POSIX).
                if let Some(path) = pax_key(b"path").filter(|p| !p.is_empty()) {
                    pax_path = Some(path);
                }
            }
            continue;
        }
        if etype.is_gnu_sparse() {
            // Its extension headers (if any) follow the header unread in raw mode.
            return w.emit(Item::error(
                full,
                SourceError::Archive(
                    "a GNU sparse member, which is not supported; the archive is not read \
                     further"
                        .into(),
                ),
            ));
        }
        if etype.is_dir() {
            continue;
        }
        if let Err(e) = count_member(&mut members, &limits) {
            return w.emit(Item::error(name, e));
        }
        if !w.in_shard(&full) {
            continue;
        }
        let kind = if !(etype.is_file() || etype.is_contiguous()) {
            ItemKind::Skipped(format!(
                "not a regular file in the archive ({etype:?}); links are not followed"
            ))
        } else {
            match member_class(&full) {
                Member::Skip(reason) => ItemKind::Skipped(reason),
                // Counted above. A member declaring more than the record limit is refused
                // unread (passing over it only decompresses); the others are read within it.
                Member::Read(format) => match declared_too_large(declared, &limits) {
                    Some(e) => ItemKind::Error(e),
                    None => match crate::read_limited(&mut entry, limits.max_record_bytes) {
                        Ok(bytes) => ItemKind::Record { format, bytes },
                        Err(e) => ItemKind::Error(e),
                    },
                },
            }
        };
        (w.sink)(Item { name: full, kind })?;
    }
    ControlFlow::Continue(())
}
