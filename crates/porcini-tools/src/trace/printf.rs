//! Java `String.format` semantics for the conversions that Truffle's trace formats use, so that
//! porcini's trace lines match Truffle's byte for byte.
//!
//! Two details differ from Rust's `format!`. Widths count UTF-16 code units, as Java's
//! `String.length()` does. And `%.Nf` rounds half-up on the shortest decimal representation of the
//! double (what `Double.toString` would print), not on its exact binary value: Java formats 1.005
//! as `1.01` and 0.125 as `0.13` where Rust prints `1.00` and `0.12`. Non-finite values print as
//! `NaN`, `Infinity` and `-Infinity`.

/// `%-Ns`: `text` left-aligned in a field of at least `width` characters.
pub fn left(text: &str, width: usize) -> String {
    let mut out = String::from(text);
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(java_len(text)),
    ));
    out
}

/// `%Ns`: `text` right-aligned in a field of at least `width` characters.
pub fn right(text: &str, width: usize) -> String {
    let mut out: String = std::iter::repeat_n(' ', width.saturating_sub(java_len(text))).collect();
    out.push_str(text);
    out
}

/// `%Nd`: a right-aligned decimal integer.
pub fn int(value: i64, width: usize) -> String {
    right(&value.to_string(), width)
}

/// `%-Nd`: a left-aligned decimal integer.
pub fn int_left(value: i64, width: usize) -> String {
    left(&value.to_string(), width)
}

/// `%Nb`: `true` or `false`, right-aligned.
pub fn boolean(value: bool, width: usize) -> String {
    right(if value { "true" } else { "false" }, width)
}

/// `%N.Mf`: a fixed-point number with `precision` fraction digits, right-aligned.
pub fn fixed(value: f64, width: usize, precision: usize) -> String {
    right(&fixed_digits(value, precision), width)
}

/// `%-N.Mf`: a fixed-point number with `precision` fraction digits, left-aligned.
pub fn fixed_left(value: f64, width: usize, precision: usize) -> String {
    left(&fixed_digits(value, precision), width)
}

/// The length of `text` as Java counts it: in UTF-16 code units.
fn java_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Java's `%.{precision}f` without padding.
fn fixed_digits(value: f64, precision: usize) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    if value.is_infinite() {
        return if value > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    // `{:e}` prints the shortest digits that round-trip, as `d.ddde±x`; those are the digits that
    // Java's formatter rounds.
    let scientific = format!("{:e}", value.abs());
    let (mantissa, exponent) = scientific
        .split_once('e')
        .expect("`{:e}` always prints an exponent");
    let exponent: i64 = exponent.parse().expect("`{:e}` prints a decimal exponent");
    let digits: Vec<u8> = mantissa
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();

    // The value is 0.d1d2d3... × 10^(exponent + 1); `keep` digits lie at or above the last
    // fraction position to print.
    let keep = exponent + 1 + precision as i64;
    let mut scaled: Vec<u8> = Vec::new();
    let mut round_up = false;
    if keep >= 0 {
        let keep = keep as usize;
        scaled.extend(digits.iter().take(keep));
        scaled.resize(keep, 0);
        round_up = digits.get(keep).is_some_and(|&digit| digit >= 5);
    }
    if round_up {
        increment(&mut scaled);
    }

    // `scaled` now holds the rounded value times 10^precision; put the decimal point back.
    if scaled.len() <= precision {
        let mut padded = vec![0; precision + 1 - scaled.len()];
        padded.extend(scaled);
        scaled = padded;
    }
    let (whole, fraction) = scaled.split_at(scaled.len() - precision);
    let mut out = String::new();
    // Java keeps the sign of negative values that round to zero, and of -0.0.
    if value.is_sign_negative() {
        out.push('-');
    }
    out.extend(whole.iter().map(|&digit| char::from(b'0' + digit)));
    if precision > 0 {
        out.push('.');
        out.extend(fraction.iter().map(|&digit| char::from(b'0' + digit)));
    }
    out
}

/// Adds one to a big-endian decimal digit string, growing it when the carry runs off the front.
fn increment(digits: &mut Vec<u8>) {
    for digit in digits.iter_mut().rev() {
        if *digit == 9 {
            *digit = 0;
        } else {
            *digit += 1;
            return;
        }
    }
    digits.insert(0, 1);
}
