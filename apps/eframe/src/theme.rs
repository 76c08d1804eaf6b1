//! The colours of the boards, light and dark, and egui's own look to match.

use egui::Color32;

/// The colours a board is drawn with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// Behind the board.
    pub board: Color32,
    /// The board's lines and hole rims.
    pub line: Color32,
    /// A light cow or the seeds.
    pub white_cow: Color32,
    /// A dark cow.
    pub black_cow: Color32,
    /// The rim of a cow.
    pub cow_rim: Color32,
    /// A point or hole that may be picked.
    pub target: Color32,
    /// A cow that may be shot.
    pub shoot: Color32,
    /// The picked cow.
    pub picked: Color32,
    /// The last move.
    pub last: Color32,
    /// Keyboard focus.
    pub focus: Color32,
    /// Text on the board.
    pub text: Color32,
    /// A hole's inside.
    pub hole: Color32,
    /// Seeds.
    pub seed: Color32,
}

impl Palette {
    /// The palette for a light or dark theme.
    #[must_use]
    pub fn new(dark: bool) -> Palette {
        if dark {
            Palette {
                board: Color32::from_rgb(0x3a, 0x2c, 0x1e),
                line: Color32::from_rgb(0xd8, 0xc0, 0x98),
                white_cow: Color32::from_rgb(0xf2, 0xec, 0xe0),
                black_cow: Color32::from_rgb(0x1a, 0x14, 0x10),
                cow_rim: Color32::from_rgb(0xb0, 0xa0, 0x88),
                target: Color32::from_rgb(0x5c, 0xd6, 0x7a),
                shoot: Color32::from_rgb(0xff, 0x5a, 0x4a),
                picked: Color32::from_rgb(0xff, 0xd2, 0x40),
                last: Color32::from_rgb(0x6a, 0xb8, 0xff),
                focus: Color32::from_rgb(0xff, 0x8c, 0xf0),
                text: Color32::from_rgb(0xe8, 0xdc, 0xc8),
                hole: Color32::from_rgb(0x24, 0x1a, 0x10),
                seed: Color32::from_rgb(0xe8, 0xd8, 0xa8),
            }
        } else {
            Palette {
                board: Color32::from_rgb(0xe8, 0xcf, 0x9e),
                line: Color32::from_rgb(0x4a, 0x32, 0x1c),
                white_cow: Color32::from_rgb(0xfa, 0xf6, 0xee),
                black_cow: Color32::from_rgb(0x2a, 0x20, 0x18),
                cow_rim: Color32::from_rgb(0x40, 0x30, 0x20),
                target: Color32::from_rgb(0x1e, 0x9e, 0x40),
                shoot: Color32::from_rgb(0xd0, 0x20, 0x20),
                picked: Color32::from_rgb(0xe0, 0x9a, 0x00),
                last: Color32::from_rgb(0x1e, 0x60, 0xd0),
                focus: Color32::from_rgb(0xb0, 0x20, 0xa0),
                text: Color32::from_rgb(0x3a, 0x28, 0x18),
                hole: Color32::from_rgb(0xb8, 0x94, 0x5c),
                seed: Color32::from_rgb(0x5a, 0x3a, 0x1a),
            }
        }
    }
}

/// Sets egui's light or dark look.
pub fn apply(ctx: &egui::Context, dark: bool) {
    ctx.set_theme(if dark {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    });
}
