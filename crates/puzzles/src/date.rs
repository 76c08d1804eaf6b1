//! Calendar dates (proleptic Gregorian), with no dependency: what the pack's `Added` tag and the
//! daily pick need.

use std::fmt;
use std::str::FromStr;

/// A day of the calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

/// The day of the week.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weekday {
    /// Monday.
    Monday,
    /// Tuesday.
    Tuesday,
    /// Wednesday.
    Wednesday,
    /// Thursday.
    Thursday,
    /// Friday.
    Friday,
    /// Saturday.
    Saturday,
    /// Sunday.
    Sunday,
}

impl Weekday {
    /// 0 for Monday to 6 for Sunday.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }
}

/// Text that is not a date `YYYY-MM-DD`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateError(pub String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a date of the form YYYY-MM-DD", self.0)
    }
}

impl std::error::Error for DateError {}

const fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

const fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// The date, if it exists.
    #[must_use]
    pub const fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        if month < 1 || month > 12 || day < 1 || day > days_in_month(year, month) {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// The year.
    #[must_use]
    pub const fn year(self) -> i32 {
        self.year
    }

    /// The month, 1 to 12.
    #[must_use]
    pub const fn month(self) -> u8 {
        self.month
    }

    /// The day of the month.
    #[must_use]
    pub const fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before).
    #[must_use]
    pub const fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = self.year as i64 - if self.month <= 2 { 1 } else { 0 };
        let era = if y >= 0 { y } else { y - 399 } / 400;
        let yoe = y - era * 400;
        let m = self.month as i64;
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + self.day as i64 - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01.
    #[must_use]
    pub const fn from_days_since_epoch(days: i64) -> Date {
        let z = days + 719_468;
        let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + if month <= 2 { 1 } else { 0 }) as i32;
        Date { year, month, day }
    }

    /// Today in UTC, from the system clock.
    #[must_use]
    pub fn today_utc() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_days_since_epoch((secs / 86_400) as i64)
    }

    /// The day of the week.
    #[must_use]
    pub const fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday.
        match (self.days_since_epoch() + 3).rem_euclid(7) {
            0 => Weekday::Monday,
            1 => Weekday::Tuesday,
            2 => Weekday::Wednesday,
            3 => Weekday::Thursday,
            4 => Weekday::Friday,
            5 => Weekday::Saturday,
            _ => Weekday::Sunday,
        }
    }

    /// The next day.
    #[must_use]
    pub const fn next(self) -> Date {
        Date::from_days_since_epoch(self.days_since_epoch() + 1)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Date, DateError> {
        let bad = || DateError(s.to_owned());
        let mut parts = s.trim().split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let y: i32 = y.parse().map_err(|_| bad())?;
        let m: u8 = m.parse().map_err(|_| bad())?;
        let d: u8 = d.parse().map_err(|_| bad())?;
        Date::new(y, m, d).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates_have_their_calendar_weekdays_and_day_numbers() {
        // 2000-01-01 was a Saturday, 10,957 days after the epoch; 2026-12-01 is a Tuesday.
        let d: Date = "2000-01-01".parse().unwrap();
        assert_eq!(d.days_since_epoch(), 10_957);
        assert_eq!(d.weekday(), Weekday::Saturday);
        assert_eq!(
            "2026-12-01".parse::<Date>().unwrap().weekday(),
            Weekday::Tuesday
        );
        assert_eq!(Date::from_days_since_epoch(0).to_string(), "1970-01-01");
        assert_eq!(
            "2024-02-28".parse::<Date>().unwrap().next().to_string(),
            "2024-02-29"
        );
        assert_eq!(
            "2023-02-28".parse::<Date>().unwrap().next().to_string(),
            "2023-03-01"
        );
    }

    #[test]
    fn impossible_or_malformed_dates_are_refused() {
        for bad in [
            "2023-02-29",
            "2026-13-01",
            "2026-1-01",
            "26-01-01",
            "yesterday",
            "",
        ] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_day_of_four_centuries_round_trips() {
        let start = Date::new(1900, 1, 1).unwrap().days_since_epoch();
        for n in start..start + 146_097 {
            let d = Date::from_days_since_epoch(n);
            assert_eq!(d.days_since_epoch(), n);
            assert_eq!(Date::new(d.year, d.month, d.day), Some(d));
        }
    }
}
