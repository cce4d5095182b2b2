//! Numeric literals: decimal (with fraction, exponent and `_` separators), `0x`/`0o`/`0b`
//! integers, and the legacy forms `010` (octal) and `08` (decimal with a leading zero) that only
//! sloppy-mode code may use. BigInt literals (`10n`) are recognised so they can be rejected.

use super::{INVALID_TOKEN, Lexer, is_id_start};
use crate::parser::error::{PResult, ParseError};
use crate::parser::numeric::{decimal_value, pow2_radix_value};

/// The strict-mode errors of the legacy forms, in node's words.
const LEGACY_OCTAL: &str = "Octal literals are not allowed in strict mode.";
const LEADING_ZERO: &str = "Decimals with leading zeros are not allowed in strict mode.";

impl Lexer<'_> {
    /// Lexes a numeric literal starting at the current position (a digit, or `.` before a
    /// digit). Returns its value and, for legacy forms, the error to raise in strict code.
    pub(super) fn lex_number(&mut self) -> PResult<(f64, Option<(&'static str, u32)>)> {
        let start = self.pos;
        let first = self.byte_at(start);
        let second = self.byte_at(start + 1);
        let mut strict_error = None;
        let value = if first == b'0' && matches!(second | 0x20, b'x' | b'o' | b'b') {
            let (radix_bits, radix) = match second | 0x20 {
                b'x' => (4, 16),
                b'o' => (3, 8),
                _ => (1, 2),
            };
            self.pos += 2;
            let digits = self.digits(radix, start)?;
            if digits.is_empty() {
                return Err(ParseError::new(INVALID_TOKEN, start as u32));
            }
            if self.byte_at(self.pos) == b'n' {
                return Err(ParseError::unsupported("BigInt literals are", start as u32));
            }
            let values: Vec<u8> = digits
                .bytes()
                .map(|b| (b as char).to_digit(16).unwrap_or(0) as u8)
                .collect();
            pow2_radix_value(&values, radix_bits)
        } else if first == b'0' && second.is_ascii_digit() {
            self.legacy_number(start, &mut strict_error)?
        } else if first == b'0' && second == b'_' {
            return Err(ParseError::new(
                "Numeric separator can not be used after leading 0.",
                start as u32 + 1,
            ));
        } else {
            let int = if first == b'.' {
                String::new()
            } else {
                self.digits(10, start)?
            };
            let is_integer =
                self.byte_at(self.pos) != b'.' && self.byte_at(self.pos) | 0x20 != b'e';
            if is_integer && self.byte_at(self.pos) == b'n' {
                return Err(ParseError::unsupported("BigInt literals are", start as u32));
            }
            let (frac, exp) = self.fraction_and_exponent(start)?;
            decimal_value(&int, &frac, &exp)
        };
        // A literal must not run into an identifier or another number: `3in`, `1.toString`.
        match self.peek_char() {
            Some(c) if is_id_start(c) || c.is_ascii_digit() => {
                Err(ParseError::new(INVALID_TOKEN, start as u32))
            }
            _ => Ok((value, strict_error)),
        }
    }

    /// `0` followed by digits: octal if all digits are octal, otherwise a decimal with a leading
    /// zero, which may go on with a fraction and an exponent.
    fn legacy_number(
        &mut self,
        start: usize,
        strict_error: &mut Option<(&'static str, u32)>,
    ) -> PResult<f64> {
        let mut end = start + 1;
        while self.byte_at(end).is_ascii_digit() {
            end += 1;
        }
        if self.byte_at(end) == b'_' {
            return Err(ParseError::new(
                "Numeric separator can not be used after leading 0.",
                end as u32,
            ));
        }
        let digits = &self.src[start..end];
        self.pos = end;
        if digits.bytes().all(|b| b < b'8') {
            *strict_error = Some((LEGACY_OCTAL, start as u32));
            if self.byte_at(self.pos) == b'n' {
                return Err(ParseError::new(INVALID_TOKEN, start as u32));
            }
            let values: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
            Ok(pow2_radix_value(&values, 3))
        } else {
            *strict_error = Some((LEADING_ZERO, start as u32));
            let int = digits.to_string();
            let (frac, exp) = self.fraction_and_exponent(start)?;
            if self.byte_at(self.pos) == b'n' {
                return Err(ParseError::new(INVALID_TOKEN, start as u32));
            }
            Ok(decimal_value(&int, &frac, &exp))
        }
    }

    /// An optional `.digits` and an optional exponent, after the integer part.
    fn fraction_and_exponent(&mut self, start: usize) -> PResult<(String, String)> {
        let mut frac = String::new();
        if self.byte_at(self.pos) == b'.' {
            self.pos += 1;
            if self.byte_at(self.pos).is_ascii_digit() {
                frac = self.digits(10, start)?;
            }
        }
        let mut exp = String::new();
        if self.byte_at(self.pos) | 0x20 == b'e' {
            self.pos += 1;
            if matches!(self.byte_at(self.pos), b'+' | b'-') {
                exp.push(self.byte_at(self.pos) as char);
                self.pos += 1;
            }
            if !self.byte_at(self.pos).is_ascii_digit() {
                return Err(ParseError::new(INVALID_TOKEN, start as u32));
            }
            exp.push_str(&self.digits(10, start)?);
        }
        if self.byte_at(self.pos) == b'n' {
            return Err(ParseError::new(INVALID_TOKEN, start as u32));
        }
        Ok((frac, exp))
    }

    /// Digits of `radix` with single `_` separators between them; returns the digits without
    /// separators (possibly none).
    fn digits(&mut self, radix: u32, start: usize) -> PResult<String> {
        let mut out = String::new();
        loop {
            let b = self.byte_at(self.pos);
            if (b as char).is_digit(radix) {
                out.push(b as char);
                self.pos += 1;
            } else if b == b'_' {
                let next = self.byte_at(self.pos + 1);
                if out.is_empty() {
                    // Cannot happen for decimal (the caller saw a digit) but does for `0x_1`.
                    return Err(ParseError::new(INVALID_TOKEN, start as u32));
                }
                if next == b'_' {
                    return Err(ParseError::new(
                        "Only one underscore is allowed as numeric separator",
                        self.pos as u32 + 1,
                    ));
                }
                if !(next as char).is_digit(radix) {
                    return Err(ParseError::new(
                        "Numeric separators are not allowed at the end of numeric literals",
                        self.pos as u32,
                    ));
                }
                self.pos += 1;
            } else {
                return Ok(out);
            }
        }
    }
}
