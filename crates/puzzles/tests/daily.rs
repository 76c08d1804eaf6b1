//! The daily puzzle: pinned for a list of dates, so the packs can only be appended to; and
//! appending puzzles never changes a past day.

use kraal_puzzles::{Date, GameName, Puzzle, daily::daily, parse_pack};
use std::path::PathBuf;

fn shipped() -> Vec<Puzzle> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles");
    let mut all = Vec::new();
    for name in [
        "morabaraba.txt",
        "traditional.txt",
        "twelve-mens-morris.txt",
        "oware.txt",
        "mulabalaba.txt",
    ] {
        let text = std::fs::read_to_string(folder.join(name)).unwrap();
        all.extend(parse_pack(&text).unwrap());
    }
    all
}

const DATES: [&str; 10] = [
    "2026-12-02",
    "2026-12-03",
    "2026-12-04",
    "2026-12-05",
    "2026-12-06",
    "2026-12-07",
    "2026-12-08",
    "2027-01-01",
    "2027-06-15",
    "2030-02-28",
];

fn dailies(puzzles: &[Puzzle], game: GameName) -> Vec<String> {
    DATES
        .iter()
        .map(|d| {
            daily(d.parse().unwrap(), game, puzzles)
                .map_or_else(|| "-".to_owned(), |p| p.id.clone())
        })
        .collect()
}

#[test]
fn the_dailies_of_these_dates_never_change() {
    // Read from the output once and checked by hand against the packs (the ratings fall in
    // each weekday's band); a change here means a pack was edited instead of appended to.
    let all = shipped();
    for game in GameName::ALL {
        println!("{game}: {:?}", dailies(&all, game));
    }
    let pinned: [(GameName, [&str; 10]); 3] = [
        (GameName::Morabaraba, PIN_MORABARABA),
        (GameName::Oware, PIN_OWARE),
        (GameName::Mulabalaba, PIN_MULABALABA),
    ];
    for (game, pin) in pinned {
        assert_eq!(dailies(&all, game), pin, "{game}");
    }
}

const PIN_MORABARABA: [&str; 10] = [
    "morabaraba-0287",
    "morabaraba-0327",
    "traditional-0107",
    "traditional-0017",
    "morabaraba-0054",
    "twelve-mens-morris-0030",
    "traditional-0140",
    "morabaraba-0291",
    "morabaraba-0420",
    "twelve-mens-morris-0023",
];
const PIN_OWARE: [&str; 10] = [
    "abapa-0131",
    "abapa-0200",
    "abapa-0219",
    "abapa-0187",
    "abapa-0167",
    "abapa-0220",
    "abapa-0212",
    "abapa-0219",
    "abapa-0220",
    "abapa-0186",
];
const PIN_MULABALABA: [&str; 10] = [
    "mulabalaba-0024",
    "mulabalaba-0109",
    "mulabalaba-0015",
    "mulabalaba-0100",
    "mulabalaba-0084",
    "mulabalaba-0102",
    "mulabalaba-0042",
    "mulabalaba-0015",
    "mulabalaba-0084",
    "mulabalaba-0062",
];

#[test]
fn nothing_is_the_daily_before_it_was_added_and_weekend_puzzles_are_harder() {
    let all = shipped();
    assert!(daily("2026-11-30".parse().unwrap(), GameName::Oware, &all).is_none());
    assert!(daily("2026-12-01".parse().unwrap(), GameName::Oware, &all).is_some());
    let monday = daily("2026-12-07".parse().unwrap(), GameName::Morabaraba, &all).unwrap();
    let saturday = daily("2026-12-05".parse().unwrap(), GameName::Morabaraba, &all).unwrap();
    assert!(monday.rating <= 1_150, "{}", monday.rating);
    assert!(saturday.rating >= 1_500, "{}", saturday.rating);
}

#[test]
fn appending_puzzles_keeps_every_past_day() {
    let all = shipped();
    let before: Vec<Vec<String>> = GameName::ALL.iter().map(|&g| dailies(&all, g)).collect();
    // Append copies under new ids, added the day after the last pinned day: every day before
    // stays.
    let added: Date = "2030-03-01".parse().unwrap();
    let mut more = all.clone();
    for (i, p) in all.iter().enumerate() {
        let mut q = p.clone();
        q.id = format!("appended-{i}");
        q.added = added;
        more.push(q);
    }
    for (g, b) in GameName::ALL.iter().zip(&before) {
        assert_eq!(&dailies(&more, *g), b, "{g}");
    }
    // The new puzzles do take part from the day they were added.
    let later = added;
    let picked: Vec<bool> = (0..30)
        .map(|i| {
            let d = Date::from_days_since_epoch(later.days_since_epoch() + i);
            daily(d, GameName::Oware, &more).is_some_and(|p| p.id.starts_with("appended-"))
        })
        .collect();
    assert!(picked.contains(&true));
}
