//! String quoting and measuring for `inspect`: how node writes a string
//! value or a property key inside a printed structure, and how long the
//! result counts as when node decides on line breaks.
//!
//! Node quotes with `'` unless the string contains one, in which case it
//! switches to `"` (when absent) or a backtick (when neither a backtick nor
//! `${` occurs), and escapes control characters, the backslash, C1
//! controls and unpaired surrogates so the printed text is unambiguous.

/// Code units of the ASCII characters used below.
const SINGLE: u16 = b'\'' as u16;
const DOUBLE: u16 = b'"' as u16;
const BACKTICK: u16 = b'`' as u16;
const BACKSLASH: u16 = b'\\' as u16;

/// The escape node uses for a control character (below 0x20, or 0x7F to
/// 0x9F): the short C escapes where JavaScript has them, `\xHH` with
/// uppercase hex digits otherwise (notably `\x0B` rather than `\v`).
fn control_escape(c: u16) -> String {
    match c {
        0x08 => "\\b".to_string(),
        0x09 => "\\t".to_string(),
        0x0A => "\\n".to_string(),
        0x0C => "\\f".to_string(),
        0x0D => "\\r".to_string(),
        _ => format!("\\x{c:02X}"),
    }
}

/// Picks the quote character for a string.
fn choose_quote(s: &[u16]) -> u16 {
    if !s.contains(&SINGLE) {
        return SINGLE;
    }
    if !s.contains(&DOUBLE) {
        return DOUBLE;
    }
    let has_template_start = s.windows(2).any(|w| w == [u16::from(b'$'), u16::from(b'{')]);
    if !s.contains(&BACKTICK) && !has_template_start {
        return BACKTICK;
    }
    // All three quotes occur: fall back to `'` and escape it.
    SINGLE
}

/// A JavaScript string as node prints it inside a structure: quoted, with
/// escapes. Paired surrogates are kept as the character they encode.
pub fn quote_string(s: &[u16]) -> String {
    let quote = choose_quote(s);
    let mut out = String::with_capacity(s.len() + 2);
    out.push(char::from(quote as u8));
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        i += 1;
        match c {
            SINGLE if quote == SINGLE => out.push_str("\\'"),
            BACKSLASH => out.push_str("\\\\"),
            0x00..=0x1F | 0x7F..=0x9F => out.push_str(&control_escape(c)),
            0xD800..=0xDBFF => match s.get(i) {
                Some(&low @ 0xDC00..=0xDFFF) => {
                    i += 1;
                    let cp = 0x10000 + ((u32::from(c) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                    out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
                }
                _ => out.push_str(&format!("\\u{c:x}")),
            },
            0xDC00..=0xDFFF => out.push_str(&format!("\\u{c:x}")),
            _ => out.push(char::from_u32(u32::from(c)).unwrap_or('\u{FFFD}')),
        }
    }
    out.push(char::from(quote as u8));
    out
}

/// Whether node prints a string key bare: only ASCII identifiers made of
/// letters, digits and underscores (so `$x`, `1` and `é` are quoted).
fn is_plain_key(key: &[u16]) -> bool {
    let is_start = |c: u16| c == u16::from(b'_') || (c < 0x80 && (c as u8).is_ascii_alphabetic());
    let is_part = |c: u16| is_start(c) || (c < 0x80 && (c as u8).is_ascii_digit());
    match key.split_first() {
        Some((&first, rest)) => is_start(first) && rest.iter().all(|&c| is_part(c)),
        None => false,
    }
}

/// A string property key as node prints it before the colon.
pub fn format_string_key(key: &[u16]) -> String {
    if key == "__proto__".encode_utf16().collect::<Vec<u16>>().as_slice() {
        // Printed bracketed so it cannot be mistaken for the prototype.
        "['__proto__']".to_string()
    } else if is_plain_key(key) {
        String::from_utf16_lossy(key)
    } else {
        quote_string(key)
    }
}

/// A symbol as `String(symbol)` prints it: `Symbol(description)`.
pub fn format_symbol(description: &[u16]) -> String {
    format!("Symbol({})", String::from_utf16_lossy(description))
}

/// The length of a string as JavaScript counts it (UTF-16 code units),
/// which is what node compares against the line width.
pub fn js_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// The number of terminal columns a string occupies, as node estimates it
/// when aligning array columns: printable ASCII counts one, control
/// characters none, combining marks and zero-width characters none, and
/// East Asian wide characters and emoji two. This approximates the Unicode
/// width tables node consults for non-ASCII text.
pub fn display_width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

/// The display width of one character; see `display_width`.
fn char_width(c: char) -> usize {
    let cp = u32::from(c);
    if cp < 0x20 || (0x7F..0xA0).contains(&cp) {
        return 0;
    }
    if cp < 0x7F {
        return 1;
    }
    let zero = [
        (0x0300, 0x036F),
        (0x0483, 0x0489),
        (0x0591, 0x05BD),
        (0x0610, 0x061A),
        (0x064B, 0x065F),
        (0x0E31, 0x0E31),
        (0x0E34, 0x0E3A),
        (0x1AB0, 0x1AFF),
        (0x1DC0, 0x1DFF),
        (0x200B, 0x200F),
        (0x20D0, 0x20FF),
        (0xFE00, 0xFE0F),
        (0xFE20, 0xFE2F),
        (0xFEFF, 0xFEFF),
        (0xE0100, 0xE01EF),
    ];
    if zero.iter().any(|&(lo, hi)| (lo..=hi).contains(&cp)) {
        return 0;
    }
    let wide = [
        (0x1100, 0x115F),
        (0x231A, 0x231B),
        (0x2329, 0x232A),
        (0x23E9, 0x23EC),
        (0x23F0, 0x23F0),
        (0x23F3, 0x23F3),
        (0x25FD, 0x25FE),
        (0x2614, 0x2615),
        (0x2648, 0x2653),
        (0x267F, 0x267F),
        (0x2693, 0x2693),
        (0x26A1, 0x26A1),
        (0x26AA, 0x26AB),
        (0x26BD, 0x26BE),
        (0x26C4, 0x26C5),
        (0x26CE, 0x26CE),
        (0x26D4, 0x26D4),
        (0x26EA, 0x26EA),
        (0x26F2, 0x26F5),
        (0x26FA, 0x26FD),
        (0x2705, 0x2705),
        (0x270A, 0x270B),
        (0x2728, 0x2728),
        (0x274C, 0x274C),
        (0x2753, 0x2755),
        (0x2757, 0x2757),
        (0x2795, 0x2797),
        (0x27B0, 0x27B0),
        (0x27BF, 0x27BF),
        (0x2B1B, 0x2B1C),
        (0x2B50, 0x2B50),
        (0x2B55, 0x2B55),
        (0x2E80, 0x303E),
        (0x3041, 0x33FF),
        (0x3400, 0x4DBF),
        (0x4E00, 0x9FFF),
        (0xA000, 0xA4CF),
        (0xA960, 0xA97F),
        (0xAC00, 0xD7A3),
        (0xF900, 0xFAFF),
        (0xFE10, 0xFE19),
        (0xFE30, 0xFE6F),
        (0xFF00, 0xFF60),
        (0xFFE0, 0xFFE6),
        (0x16FE0, 0x16FE4),
        (0x17000, 0x18CFF),
        (0x1B000, 0x1B2FF),
        (0x1F004, 0x1F004),
        (0x1F0CF, 0x1F0CF),
        (0x1F18E, 0x1F18E),
        (0x1F191, 0x1F19A),
        (0x1F200, 0x1F251),
        (0x1F300, 0x1F320),
        (0x1F32D, 0x1F335),
        (0x1F337, 0x1F37C),
        (0x1F37E, 0x1F393),
        (0x1F3A0, 0x1F3CA),
        (0x1F3CF, 0x1F3D3),
        (0x1F3E0, 0x1F3F0),
        (0x1F3F4, 0x1F3F4),
        (0x1F3F8, 0x1F43E),
        (0x1F440, 0x1F440),
        (0x1F442, 0x1F4FC),
        (0x1F4FF, 0x1F53D),
        (0x1F54B, 0x1F54E),
        (0x1F550, 0x1F567),
        (0x1F57A, 0x1F57A),
        (0x1F595, 0x1F596),
        (0x1F5A4, 0x1F5A4),
        (0x1F5FB, 0x1F64F),
        (0x1F680, 0x1F6C5),
        (0x1F6CC, 0x1F6CC),
        (0x1F6D0, 0x1F6D2),
        (0x1F6D5, 0x1F6D7),
        (0x1F6EB, 0x1F6EC),
        (0x1F6F4, 0x1F6FC),
        (0x1F7E0, 0x1F7EB),
        (0x1F90C, 0x1F93A),
        (0x1F93C, 0x1F945),
        (0x1F947, 0x1F9FF),
        (0x1FA70, 0x1FAFF),
        (0x20000, 0x3FFFD),
    ];
    if wide.iter().any(|&(lo, hi)| (lo..=hi).contains(&cp)) { 2 } else { 1 }
}
