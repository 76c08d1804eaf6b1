//! `Serialize` and `Deserialize` (feature `serde`), in the crate's own text forms.
//!
//! - [`Move`]: its notation (`"C"`, `"c"`, `"5"`), read back by [`Move`]'s `FromStr`, so a
//!   move is checked for syntax only, not against a position. An Oware move round-trips
//!   exactly (the case of the letter names the side). A Mulabalaba move is written as its hole
//!   number alone, the same for both players, so it comes back as South's: give it to the
//!   side to move with [`Move::with_side`], or read moves with [`crate::Position::parse_move`].
//! - [`RuleSet`]: its name (`"abapa"`, `"mulabalaba-toka-12"`).
//! - [`Setup`]: its position string (`"4,4,0,5,5,5/5,4,4,4,4,4 0:0 n"`).
//! - [`Options`]: a map of `"game"` (`"oware"` or `"mulabalaba"`) and each option of that game
//!   with its value as text, as `OPTION=VALUE` overrides write it
//!   (`{"game": "oware", "houses": "6", "seeds": "4", ...}`). Reading starts from the game's
//!   default rule set (Oware when `"game"` is left out), applies each entry (numbers and
//!   booleans are taken as their text) and validates the result, so a map that names only some
//!   options is read too.
//! - [`Side`] and [`Game`]: their lower-case names; [`EndReason`]: its kebab-case name
//!   ([`EndReason::name`]); [`Outcome`]: a map tagged by `"result"`,
//!   `{"result": "win", "winner": "south", "reason": "majority"}` or
//!   `{"result": "draw", "reason": "halves"}`.
//!
//! [`Side`]: crate::Side
//! [`Game`]: crate::Game
//! [`EndReason`]: crate::EndReason
//! [`EndReason::name`]: crate::EndReason::name
//! [`Outcome`]: crate::Outcome

use crate::{Game, Move, Options, RuleSet, Setup};
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
    Move => "a house letter such as C or c, or a hole number such as 5",
    RuleSet => "the name of a rule set, such as abapa",
    Setup => "a position string, such as 4,4,4,4,4,4/4,4,4,4,4,4 0:0 s",
}

impl Serialize for Options {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let entries = self.entries();
        let mut map = serializer.serialize_map(Some(entries.len() + 1))?;
        map.serialize_entry("game", self.game.name())?;
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
                f.write_str("an option value, such as 4, off or 2,3")
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
                f.write_str(
                    "a map of mancala options, such as {\"game\": \"oware\", \"seeds\": \"5\"}",
                )
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Options, A::Error> {
                // The game decides where to start, wherever it stands in the map.
                let mut game = None;
                let mut entries = Vec::new();
                while let Some((name, value)) = map.next_entry::<String, OptionValue>()? {
                    if name.trim().eq_ignore_ascii_case("game") {
                        let found = Game::ALL
                            .into_iter()
                            .find(|g| value.0.trim().eq_ignore_ascii_case(g.name()))
                            .ok_or_else(|| {
                                de::Error::custom(format!(
                                    "`{}` is not a game (expected oware or mulabalaba)",
                                    value.0
                                ))
                            })?;
                        game = Some(found);
                    } else {
                        entries.push((name, value.0));
                    }
                }
                let mut options = RuleSet::default_for(game.unwrap_or(Game::Oware)).options();
                for (name, value) in entries {
                    options.set(&name, &value).map_err(de::Error::custom)?;
                }
                options.validate().map_err(de::Error::custom)?;
                Ok(options)
            }
        }
        deserializer.deserialize_map(OptionsVisitor)
    }
}
