//! `Serialize` and `Deserialize` (feature `serde`), in the crate's own text forms.
//!
//! - [`Move`]: its notation (`"d2xb4"`, `"a1-d1"`, `"pass"`), read back by [`Move`]'s
//!   `FromStr`, so a move is checked for syntax only, not against a position.
//! - [`RuleSet`]: its name (`"morabaraba"`, `"nine-mens-morris"`).
//! - [`Setup`]: its position string (`"d2/- 10:11 b - 0 0"`).
//! - [`Options`]: a map from each option's name to its value as text, as `OPTION=VALUE`
//!   overrides write it (`{"board": "standard", "cows": "12", ...}`). Reading starts from the
//!   default rule set, applies each entry in turn (numbers and booleans are taken as their
//!   text) and validates the result, so a map that names only some options is read too.
//! - [`Color`]: `"white"` or `"black"`; [`WinReason`] and [`DrawReason`]: their kebab-case names
//!   ([`WinReason::name`], [`DrawReason::name`]); [`Outcome`]: a map tagged by `"result"`,
//!   `{"result": "win", "winner": "white", "reason": "reduced-to-two"}` or
//!   `{"result": "draw", "reason": "repetition"}`.
//!
//! [`Color`]: crate::Color
//! [`WinReason`]: crate::WinReason
//! [`DrawReason`]: crate::DrawReason
//! [`WinReason::name`]: crate::WinReason::name
//! [`DrawReason::name`]: crate::DrawReason::name
//! [`Outcome`]: crate::Outcome

use crate::{Move, Options, RuleSet, Setup};
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

/// Reads a string and parses it with the type's `FromStr`.
struct TextVisitor<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

macro_rules! as_text {
    ($($t:ty => $expecting:literal),* $(,)?) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData, $expecting))
            }
        }
    )*};
}

as_text! {
    Move => "a move in mill notation, such as d2, a1-d1, d2xb4 or pass",
    RuleSet => "the name of a rule set, such as morabaraba",
    Setup => "a position string, such as -/- 12:12 w - 0 0",
}

impl Serialize for Options {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let entries = self.entries();
        let mut map = serializer.serialize_map(Some(entries.len()))?;
        for (name, value) in entries {
            map.serialize_entry(name.name(), &value)?;
        }
        map.end()
    }
}

/// An option's value: text, or a number or boolean taken as its text.
struct OptionValue(String);

impl<'de> Deserialize<'de> for OptionValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ValueVisitor;
        impl Visitor<'_> for ValueVisitor {
            type Value = OptionValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an option value, such as 12, off or 10:both")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_owned()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_string()))
            }
        }
        deserializer.deserialize_any(ValueVisitor)
    }
}

impl<'de> Deserialize<'de> for Options {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OptionsVisitor;
        impl<'de> Visitor<'de> for OptionsVisitor {
            type Value = Options;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of mill-game options, such as {\"cows\": \"11\"}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Options, A::Error> {
                let mut options = Options::default();
                while let Some((name, value)) = map.next_entry::<String, OptionValue>()? {
                    options.set(&name, &value.0).map_err(de::Error::custom)?;
                }
                options.validate().map_err(de::Error::custom)?;
                Ok(options)
            }
        }
        deserializer.deserialize_map(OptionsVisitor)
    }
}
