//! Charsets: from the bytes of a file to text.
//!
//! The order of precedence:
//! 1. a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) decides;
//! 2. else `CA[...]`, found in the raw bytes before decoding (its value is ASCII), decides
//!    when its label is known and the bytes decode cleanly;
//! 3. else the bytes are UTF-8 when they are valid UTF-8, or valid but for a few bad bytes
//!    (those become U+FFFD);
//! 4. else `chardetng` guesses and `encoding_rs` decodes.
//!
//! A `CA` that lies (declared UTF-8 but invalid, declared something else but the bytes are
//! malformed in it) or that names no charset we know is reported as a finding, and the file is
//! decoded with a guess.

use crate::codes;
use encoding_rs::Encoding;
use rules_core::Finding;
use std::borrow::Cow;

/// The text of a file and how it was obtained.
pub(crate) struct Decoded<'a> {
    /// The decoded text, without a BOM.
    pub text: Cow<'a, str>,
    /// The encoding used.
    pub encoding: &'static Encoding,
    /// Length of the BOM skipped at the start of the bytes.
    pub bom_len: usize,
    /// Whether the text is a transcoding (offsets differ from the file's).
    pub transcoded: bool,
    /// Findings about the charset.
    pub findings: Vec<Finding>,
}

/// Decodes `bytes`: see the module documentation for the order of precedence.
pub(crate) fn decode(bytes: &[u8]) -> Decoded<'_> {
    let mut findings = Vec::new();
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        findings.push(Finding::new(
            codes::BYTE_ORDER_MARK,
            format!(
                "the file starts with a {} byte-order mark; it was skipped",
                enc.name()
            ),
        ));
        let body = &bytes[bom_len..];
        if enc == encoding_rs::UTF_8 {
            if let Ok(s) = std::str::from_utf8(body) {
                return Decoded {
                    text: Cow::Borrowed(s),
                    encoding: enc,
                    bom_len,
                    transcoded: false,
                    findings,
                };
            }
        }
        let (text, had_errors) = enc.decode_without_bom_handling(body);
        if had_errors {
            findings.push(malformed(enc));
        }
        return Decoded {
            text: Cow::Owned(text.into_owned()),
            encoding: enc,
            bom_len,
            // A replaced byte (1 byte → U+FFFD, 3) moves every later offset.
            transcoded: enc != encoding_rs::UTF_8 || had_errors,
            findings,
        };
    }

    let utf8 = std::str::from_utf8(bytes).ok();
    let declared = find_ca(bytes);
    if let Some(label) = &declared {
        match encoding_for_label(label) {
            Some(enc) if enc == encoding_rs::UTF_8 => {
                if let Some(s) = utf8 {
                    return borrowed(s, findings);
                }
                if mostly_utf8(bytes) {
                    // Fox: truncated multibyte names in an otherwise UTF-8 file.
                    return transcode(bytes, encoding_rs::UTF_8, findings);
                }
                let guess = guess(bytes);
                findings.push(Finding::new(
                    codes::CHARSET_MISMATCH,
                    format!(
                        "CA[{}] declares UTF-8 but the bytes are not valid UTF-8; decoded as {} \
                         (guessed)",
                        printable(label),
                        guess.name()
                    ),
                ));
                return transcode(bytes, guess, findings);
            }
            Some(enc) => {
                if bytes.is_ascii() {
                    return borrowed(utf8.unwrap_or_default(), findings);
                }
                let (text, _, had_errors) = enc.decode(bytes);
                if !had_errors {
                    return Decoded {
                        text: Cow::Owned(text.into_owned()),
                        encoding: enc,
                        bom_len: 0,
                        transcoded: true,
                        findings,
                    };
                }
                // The declared charset cannot read these bytes.
                let guess = guess(bytes);
                findings.push(Finding::new(
                    codes::CHARSET_MISMATCH,
                    format!(
                        "CA[{}] declares {} but the bytes are malformed in it; decoded as {} \
                         (guessed)",
                        printable(label),
                        enc.name(),
                        guess.name()
                    ),
                ));
                return transcode(bytes, guess, findings);
            }
            None => {
                let guess = match utf8 {
                    Some(_) => encoding_rs::UTF_8,
                    None => guess(bytes),
                };
                findings.push(Finding::new(
                    codes::CHARSET_UNKNOWN,
                    format!(
                        "CA[{}] names no charset this reader knows; decoded as {}{}",
                        printable(label),
                        guess.name(),
                        if utf8.is_some() {
                            " (the bytes are valid UTF-8)"
                        } else {
                            " (guessed)"
                        }
                    ),
                ));
                return match utf8 {
                    Some(s) => borrowed(s, findings),
                    None => transcode(bytes, guess, findings),
                };
            }
        }
    }
    if let Some(s) = utf8 {
        return borrowed(s, findings);
    }
    if mostly_utf8(bytes) {
        return transcode(bytes, encoding_rs::UTF_8, findings);
    }
    let guess = guess(bytes);
    findings.push(Finding::new(
        codes::CHARSET_GUESSED,
        format!(
            "the file has no CA[] and is not valid UTF-8; decoded as {} (guessed)",
            guess.name()
        ),
    ));
    transcode(bytes, guess, findings)
}

fn borrowed(s: &str, findings: Vec<Finding>) -> Decoded<'_> {
    Decoded {
        text: Cow::Borrowed(s),
        encoding: encoding_rs::UTF_8,
        bom_len: 0,
        transcoded: false,
        findings,
    }
}

fn transcode(bytes: &[u8], enc: &'static Encoding, mut findings: Vec<Finding>) -> Decoded<'static> {
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    if had_errors {
        findings.push(malformed(enc));
    }
    Decoded {
        text: Cow::Owned(text.into_owned()),
        encoding: enc,
        bom_len: 0,
        // A replaced byte (1 byte → U+FFFD, 3) moves every later offset.
        transcoded: enc != encoding_rs::UTF_8 || had_errors,
        findings,
    }
}

fn malformed(enc: &'static Encoding) -> Finding {
    Finding::new(
        codes::CHARSET_MALFORMED,
        format!(
            "some bytes are not valid {}; they were replaced by U+FFFD",
            enc.name()
        ),
    )
}

/// Whether invalid bytes are the exception in text that is otherwise UTF-8: more valid
/// multi-byte characters than invalid sequences. (Latin-1 or GBK text has almost no valid
/// UTF-8 multi-byte sequences.) Such a file is decoded as UTF-8, the bad bytes becoming
/// U+FFFD, rather than guessed.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut valid_multi, mut invalid) = (0usize, 0usize);
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                valid_multi += s.chars().filter(|c| !c.is_ascii()).count();
                break;
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                valid_multi += std::str::from_utf8(good)
                    .map_or(0, |s| s.chars().filter(|c| !c.is_ascii()).count());
                invalid += 1;
                let skip = e.error_len().unwrap_or(bad.len()).max(1);
                rest = &bad[skip.min(bad.len())..];
                if rest.is_empty() {
                    break;
                }
            }
        }
    }
    valid_multi > invalid
}

fn guess(bytes: &[u8]) -> &'static Encoding {
    let mut det = chardetng::EncodingDetector::new();
    det.feed(bytes, true);
    det.guess(None, true)
}

/// A label made safe to print: at most 40 characters, control characters escaped.
fn printable(label: &str) -> String {
    label
        .chars()
        .take(40)
        .flat_map(char::escape_debug)
        .collect()
}

/// The value of the first `CA` property in the raw bytes, if any. The scan looks for `CA`
/// (any case, not preceded by a letter) followed by optional whitespace and `[`.
pub(crate) fn find_ca(bytes: &[u8]) -> Option<String> {
    let mut i = 0;
    while i + 2 < bytes.len() {
        let pos = memchr_ca(&bytes[i..])?;
        let at = i + pos;
        i = at + 2;
        if at > 0 && bytes[at - 1].is_ascii_alphabetic() {
            continue;
        }
        let mut j = at + 2;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        if bytes.get(j) != Some(&b'[') {
            continue;
        }
        let start = j + 1;
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b']')
            .map_or(bytes.len(), |p| start + p);
        let value = &bytes[start..end.min(start + 64)];
        return Some(String::from_utf8_lossy(value).trim().to_owned());
    }
    None
}

fn memchr_ca(b: &[u8]) -> Option<usize> {
    b.windows(2)
        .position(|w| w[0].eq_ignore_ascii_case(&b'C') && w[1].eq_ignore_ascii_case(&b'A'))
}

/// The encoding a `CA` label names: WHATWG labels (`utf-8`, `gb2312`, `big5`, `shift_jis`,
/// `euc-kr`, `iso-8859-1`, …), plus the spellings SGF writers use (`UTF8`, `Latin-1`,
/// `SJIS`, `Shift-JIS`, `GB18030`, `CP936`, `KSC5601`, …), any case.
#[must_use]
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    let l = label.trim();
    if let Some(e) = Encoding::for_label_no_replacement(l.as_bytes()) {
        return Some(e);
    }
    let norm: String = l
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    Some(match norm.as_str() {
        "utf8" | "unicode11utf8" => encoding_rs::UTF_8,
        "latin1" | "iso88591" | "l1" | "ascii" | "usascii" | "cp1252" | "windows1252" => {
            encoding_rs::WINDOWS_1252
        }
        "latin2" | "iso88592" => encoding_rs::ISO_8859_2,
        "sjis" | "shiftjis" | "cp932" | "ms932" | "windows31j" | "mskanji" => {
            encoding_rs::SHIFT_JIS
        }
        "eucjp" => encoding_rs::EUC_JP,
        "gb2312" | "gbk" | "cp936" | "euccn" | "gb231280" | "chinese" => encoding_rs::GBK,
        "gb18030" => encoding_rs::GB18030,
        "big5" | "big5hkscs" | "cp950" | "big5eten" => encoding_rs::BIG5,
        "euckr" | "cp949" | "ksc5601" | "ksc56011987" | "uhc" | "korean" => encoding_rs::EUC_KR,
        "koi8r" => encoding_rs::KOI8_R,
        _ => return None,
    })
}

/// Maps a byte offset in the decoded text back to the file: identity for UTF-8 (plus the
/// BOM); for a transcoded file, the shortest prefix of the bytes whose decoding reaches the
/// offset (the reference for [`crate::locate::Locator`], which `read_sgf` uses).
#[cfg(test)]
pub(crate) fn original_offset(bytes: &[u8], d: &Decoded<'_>, text_offset: usize) -> usize {
    if !d.transcoded {
        return d.bom_len + text_offset;
    }
    let body = &bytes[d.bom_len..];
    let (mut lo, mut hi) = (0usize, body.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let (t, _) = d.encoding.decode_without_bom_handling(&body[..mid]);
        if t.len() >= text_offset {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    d.bom_len + lo
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spellings no WHATWG label matches, read through our own table.
    #[test]
    fn labels_with_blanks_and_underscores() {
        for (l, e) in [
            ("UTF 8", "UTF-8"),
            ("Unicode 1.1 UTF 8", "UTF-8"),
            ("Latin 2", "ISO-8859-2"),
            ("Shift JIS", "Shift_JIS"),
            ("MS Kanji", "Shift_JIS"),
            ("EUC JP", "EUC-JP"),
            ("GB 2312", "GBK"),
            ("GB 18030", "gb18030"),
            ("Big 5", "Big5"),
            ("EUC KR", "EUC-KR"),
            ("KOI8 R", "KOI8-R"),
        ] {
            assert_eq!(encoding_for_label(l).map(Encoding::name), Some(e), "{l}");
        }
    }

    /// Valid multi-byte characters must outnumber the invalid sequences.
    #[test]
    fn mostly_utf8_counts_both() {
        let e_acute = "\u{e9}".as_bytes();
        assert!(mostly_utf8(&[e_acute, e_acute, &[0xff]].concat()));
        assert!(!mostly_utf8(&[e_acute, &[0xff]].concat()), "as many as");
        assert!(!mostly_utf8(&[e_acute, &[0xff], b"x", &[0xfe]].concat()));
        assert!(!mostly_utf8(b"plain"));
    }

    #[test]
    fn labels_are_printed_short_and_escaped() {
        assert_eq!(printable("GB\u{1}K"), "GB\\u{1}K");
        assert_eq!(printable(&"x".repeat(50)), "x".repeat(40));
    }

    #[test]
    fn the_ca_property_is_found_anywhere_but_inside_a_word() {
        assert_eq!(find_ca(b"CA[UTF-8]").as_deref(), Some("UTF-8"));
        assert_eq!(find_ca(b"(;CA [ gbk ])").as_deref(), Some("gbk"));
        // A "CA" inside a word (a game name) is passed over, however far into the file.
        let named = b"(;GN[a long game name played in MECCA]CA[Big5])";
        assert_eq!(find_ca(named).as_deref(), Some("Big5"));
        assert_eq!(find_ca(b"(;GN[MECCA])"), None);
        // At most 64 bytes of the value.
        let long = format!("CA[{}]", "x".repeat(100));
        assert_eq!(find_ca(long.as_bytes()), Some("x".repeat(64)));
    }

    #[test]
    fn labels() {
        for (l, e) in [
            ("UTF-8", "UTF-8"),
            ("utf8", "UTF-8"),
            (" gb2312 ", "GBK"),
            ("GB18030", "gb18030"),
            ("Big5", "Big5"),
            ("SJIS", "Shift_JIS"),
            ("Shift-JIS", "Shift_JIS"),
            ("EUC-KR", "EUC-KR"),
            ("ISO-8859-1", "windows-1252"),
            ("Latin-1", "windows-1252"),
            ("latin1", "windows-1252"),
        ] {
            assert_eq!(encoding_for_label(l).map(Encoding::name), Some(e), "{l}");
        }
        assert!(encoding_for_label("FOO").is_none());
    }

    #[test]
    fn ca_is_found_in_raw_bytes() {
        assert_eq!(
            find_ca(b"(;GM[1]CA [gb2312]PB[\xc0\xee])").as_deref(),
            Some("gb2312")
        );
        assert_eq!(find_ca(b"(;GM[1]ECA[x])"), None);
        assert_eq!(find_ca(b"(;ca[UTF-8])").as_deref(), Some("UTF-8"));
    }

    #[test]
    fn declared_gb2312() {
        // 李 in GB2312 is C0 EE.
        let d = decode(b"(;CA[gb2312]PB[\xc0\xee])");
        assert_eq!(d.encoding.name(), "GBK");
        assert!(d.text.contains('李'));
        assert!(d.findings.is_empty());
    }

    #[test]
    fn lying_utf8_is_guessed() {
        let d = decode(b"(;CA[UTF-8]PB[Ren\xe9])");
        assert_ne!(d.encoding, encoding_rs::UTF_8);
        assert_eq!(d.findings[0].code, codes::CHARSET_MISMATCH);
    }

    #[test]
    fn truncated_utf8_stays_utf8() {
        // Fox: "虎虎" then a cut "有" (E6 9C) before ']'.
        let mut bytes = "(;CA[UTF-8]PB[虎虎".as_bytes().to_vec();
        bytes.extend_from_slice(b"\xe6\x9c]BR[9]");
        let d = decode(&bytes);
        assert_eq!(d.encoding, encoding_rs::UTF_8);
        assert!(d.text.contains("虎虎\u{fffd}]BR[9]"), "{}", d.text);
        assert_eq!(d.findings[0].code, codes::CHARSET_MALFORMED);
    }

    #[test]
    fn bom_is_skipped() {
        let d = decode(b"\xef\xbb\xbf(;GM[1])");
        assert_eq!(&*d.text, "(;GM[1])");
        assert_eq!(d.bom_len, 3);
        assert_eq!(original_offset(b"\xef\xbb\xbf(;GM[1])", &d, 1), 4);
    }

    #[test]
    fn transcoded_offsets_map_back() {
        let bytes = b"(;CA[gb2312]PB[\xc0\xee]X";
        let d = decode(bytes);
        let x = d.text.find('X').unwrap();
        assert_eq!(original_offset(bytes, &d, x), bytes.len() - 1);
    }
}
