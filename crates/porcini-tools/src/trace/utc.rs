//! UTC timestamps in the pattern of Truffle's compilation trace, `yyyy-MM-dd'T'HH:mm:ss.SSS`.

use std::time::{SystemTime, UNIX_EPOCH};

/// Formats milliseconds since the Unix epoch as `yyyy-MM-ddTHH:mm:ss.SSS` (UTC).
pub fn utc(unix_millis: i64) -> String {
    let days = unix_millis.div_euclid(86_400_000);
    let millis_of_day = unix_millis.rem_euclid(86_400_000);
    let (year, month, day) = civil_date(days);
    let (hour, minute) = (millis_of_day / 3_600_000, millis_of_day / 60_000 % 60);
    let (second, milli) = (millis_of_day / 1000 % 60, millis_of_day % 1000);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{milli:03}")
}

/// The current time, formatted by `utc`.
pub fn utc_now() -> String {
    let millis = match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(elapsed) => i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX),
        Err(before) => -i64::try_from(before.duration().as_millis()).unwrap_or(i64::MAX),
    };
    utc(millis)
}

/// The proleptic Gregorian (year, month, day) of a count of days since 1970-01-01.
fn civil_date(days_since_epoch: i64) -> (i64, i64, i64) {
    // Count from 0000-03-01 instead, so that the leap day is the last day of the counting year,
    // and split the count into 400-year eras of 146,097 days each.
    let days = days_since_epoch + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    // Within an era, a year has 365 days, plus one every 4 years, minus one every 100, plus one
    // for the era's last year; the corrections below undo those leap days before dividing.
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    // Months from March have the repeating lengths 31,30,31,30,31 (153 days per five months).
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
