//! How the terminal UI draws: the Unicode or plain-ASCII glyphs, and colours (none under
//! `NO_COLOR`). Colour is never the only signal: every highlight also has a glyph or a
//! modifier (underline, bold, reverse).

use ratatui::style::{Color, Modifier, Style};

/// The characters of one theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// A horizontal board line.
    pub horizontal: char,
    /// A vertical board line.
    pub vertical: char,
    /// A diagonal rising to the right.
    pub rising: char,
    /// A diagonal falling to the right.
    pub falling: char,
    /// An empty point.
    pub empty: char,
    /// An empty point a cow may go to.
    pub target: char,
    /// A White cow.
    pub white: char,
    /// A Black cow.
    pub black: char,
    /// The marker of whose turn it is.
    pub turn: char,
    /// The frames of the spinner shown while the AI thinks.
    pub spinner: &'static [&'static str],
    /// What separates items on a line.
    pub separator: &'static str,
}

const UNICODE: Glyphs = Glyphs {
    horizontal: '─',
    vertical: '│',
    rising: '╱',
    falling: '╲',
    empty: '·',
    target: '◇',
    white: '○',
    black: '●',
    turn: '▶',
    spinner: &["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
    separator: " · ",
};

const ASCII: Glyphs = Glyphs {
    horizontal: '-',
    vertical: '|',
    rising: '/',
    falling: '\\',
    empty: '+',
    target: 'o',
    white: 'W',
    black: 'B',
    turn: '>',
    spinner: &["|", "/", "-", "\\"],
    separator: " - ",
};

/// What a piece of the screen is, for its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Board lines and other quiet things.
    Line,
    /// A White cow, or South's seeds.
    First,
    /// A Black cow, or North's seeds.
    Second,
    /// A point or hole that may be picked now (underlined and bold).
    Target,
    /// What the player has picked (reversed).
    Picked,
    /// The board cursor (bold; its brackets are the glyph signal).
    Cursor,
    /// The last move's points or hole (its braces are the glyph signal).
    LastMove,
    /// Headings.
    Title,
    /// A warning or a refused move.
    Warning,
    /// Good news: a mill, a capture, a win.
    Good,
    /// Hints and other secondary text.
    Dim,
}

/// The theme in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Plain ASCII instead of box drawing and symbols.
    pub ascii: bool,
    /// Whether to use colour (off under `NO_COLOR`).
    pub color: bool,
}

impl Theme {
    /// The theme for `--ascii`, with colour unless the `NO_COLOR` variable is set and not empty
    /// (<https://no-color.org>).
    #[must_use]
    pub fn from_env(ascii: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            ascii,
            color: !no_color,
        }
    }

    /// The glyphs of the theme.
    #[must_use]
    pub fn glyphs(self) -> &'static Glyphs {
        if self.ascii { &ASCII } else { &UNICODE }
    }

    /// The style of a role: its modifiers always, its colour only when colour is on.
    #[must_use]
    pub fn style(self, role: Role) -> Style {
        let (color, modifier) = match role {
            Role::Line => (Some(Color::DarkGray), Modifier::empty()),
            Role::First => (Some(Color::White), Modifier::BOLD),
            Role::Second => (Some(Color::LightRed), Modifier::BOLD),
            Role::Target => (
                Some(Color::LightGreen),
                Modifier::UNDERLINED | Modifier::BOLD,
            ),
            Role::Picked => (Some(Color::Yellow), Modifier::REVERSED | Modifier::BOLD),
            Role::Cursor => (Some(Color::Cyan), Modifier::BOLD),
            Role::LastMove => (Some(Color::Magenta), Modifier::empty()),
            Role::Title => (Some(Color::Cyan), Modifier::BOLD),
            Role::Warning => (Some(Color::LightRed), Modifier::BOLD),
            Role::Good => (Some(Color::LightGreen), Modifier::BOLD),
            Role::Dim => (Some(Color::Gray), Modifier::empty()),
        };
        let style = Style::default().add_modifier(modifier);
        match color {
            Some(c) if self.color => style.fg(c),
            _ => style,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_colour_highlights_keep_their_modifiers() {
        let plain = Theme {
            ascii: true,
            color: false,
        };
        assert_eq!(plain.style(Role::Target).fg, None);
        assert!(
            plain
                .style(Role::Target)
                .add_modifier
                .contains(Modifier::UNDERLINED)
        );
        assert!(
            plain
                .style(Role::Picked)
                .add_modifier
                .contains(Modifier::REVERSED)
        );
        assert_eq!(plain.glyphs().white, 'W');
    }
}
