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

const DATES: [&str; 11] = [
    "2026-12-01",
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
    // Read from the output and checked by hand against the packs (the ratings fall in each
    // weekday's band); a change here means a pack was edited instead of appended to. Pinned on
    // 2026-12-01, when the packs were first shipped, and again that day after the puzzles mined
    // from the endgame tables were appended with `Added` 2026-12-02: 2026-12-01 kept its
    // puzzles, and of the later days (not yet come) some took new ones. A pin may change only
    // for days on or after the `Added` date of puzzles appended, never for a day that has
    // passed (`each_pinned_day_is_decided_by_the_puzzles_added_by_then` checks the packs so).
    let all = shipped();
    for game in GameName::ALL {
        println!("{game}: {:?}", dailies(&all, game));
    }
    let pinned: [(GameName, [&str; 11]); 3] = [
        (GameName::Morabaraba, PIN_MORABARABA),
        (GameName::Oware, PIN_OWARE),
        (GameName::Mulabalaba, PIN_MULABALABA),
    ];
    for (game, pin) in pinned {
        assert_eq!(dailies(&all, game), pin, "{game}");
    }
}

const PIN_MORABARABA: [&str; 11] = [
    "morabaraba-0302",
    "morabaraba-0287",
    "morabaraba-0327",
    "traditional-0107",
    "traditional-0017",
    "morabaraba-0054",
    "twelve-mens-morris-0030",
    "traditional-0140",
    "morabaraba-0291",
    "morabaraba-0422",
    "morabaraba-0516",
];
const PIN_OWARE: [&str; 11] = [
    "abapa-0022",
    "abapa-0131",
    "abapa-0229",
    "abapa-0258",
    "abapa-0187",
    "abapa-0167",
    "abapa-0284",
    "abapa-0300",
    "abapa-0258",
    "abapa-0294",
    "abapa-0186",
];
const PIN_MULABALABA: [&str; 11] = [
    "mulabalaba-0108",
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
fn each_pinned_day_is_decided_by_the_puzzles_added_by_then() {
    // Every day's puzzle is the same whether or not the puzzles added after that day are in
    // the packs: what is appended later never reaches back.
    let all = shipped();
    for d in DATES {
        let day: Date = d.parse().unwrap();
        let by_then: Vec<Puzzle> = all.iter().filter(|p| p.added <= day).cloned().collect();
        for game in GameName::ALL {
            assert_eq!(
                daily(day, game, &all).map(|p| &p.id),
                daily(day, game, &by_then).map(|p| &p.id),
                "{game} on {d}"
            );
        }
    }
}

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
