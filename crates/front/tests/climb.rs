//! A climb from a set position, through the files: the Calf beaten at camp 1 opens camp 2,
//! the game's record is saved and replays, and the progress file is written and read back.

use kraal_front::ascent::Climbing;
use kraal_front::ascent::{self, ClimbState, Mountain};
use kraal_front::progress::ProgressFile;
use kraal_front::{Autosave, Unfinished};
use kraal_session::{AnyGame, Record, Seat, TimeControl};
use std::time::{Duration, Instant};

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-climb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// White to move closes the mill a1-d1-g1 and shoots: Black, on three cows, is reduced to two.
const WINNING: &str = "a1,d1,g4,b4/a7,d7,f6 0:0 w";

/// Both sides on three cows (flying); White's e5-a4 threatens two mills at once.
pub const DOUBLE_THREAT: &str = "a1,d1,e5/b2,d6,e4 0:0 w";

/// Closes a1-d1-g1 or a1-a4-a7 after [`DOUBLE_THREAT`]'s e5-a4, shooting any black cow;
/// returns whether the game was won.
fn win_by_a_mill(game: &mut AnyGame) -> bool {
    for mill in ["a4-g1", "d1-a7"] {
        for shot in ["b2", "d6", "e4", "g1", "a7", "d1", "a4"] {
            if game.play_text(&format!("{mill}x{shot}")).is_ok() {
                return game.is_over();
            }
        }
    }
    false
}

#[test]
fn beating_the_calf_climbs_camp_one_and_opens_camp_two() {
    let dir = folder("calf");
    let path = dir.join("progress.toml");
    let mountain = Mountain::new("morabaraba", None).expect("morabaraba");
    let (mut file, aside) = ProgressFile::open(path.clone()).expect("no file yet");
    assert!(aside.is_none());
    let progress = file
        .progress
        .ascent
        .get(&mountain.key())
        .cloned()
        .unwrap_or_default();
    assert_eq!(mountain.next_camp(&progress), Some(1));
    let mut plan = mountain
        .plan(&progress, 1, Seat::First, TimeControl::None)
        .expect("camp 1 is open");
    assert_eq!(plan.camp.opponent().name, "Calf");
    plan.new_game.position = Some(WINNING.to_owned());
    let mut game = plan.new_game.start(1).expect("the position is legal");
    game.play_text("g4-g1xa7")
        .expect("closes the mill and shoots");
    assert!(game.is_over());

    let news = ascent::finish_game(&mut file, &mountain, 1, &game, true).expect("counted");
    assert_eq!(news.state, ClimbState::Climbed);
    assert_eq!(news.unlocked, Some(2));
    assert!(
        news.new_medals.climbed && !news.new_medals.unassisted,
        "a hint was used"
    );
    assert!(news.to_string().contains("Camp 2 is open"), "{news}");

    // The record of the climb was saved beside the progress and replays to the same end.
    let record = Record::load(&dir.join(&news.record)).expect("saved");
    record.check().expect("the record replays");
    assert_eq!(record.tag("Result"), Some("1-0"));

    // Read back from the file by a new session.
    let (file2, _) = ProgressFile::open(path.clone()).expect("read back");
    let progress = &file2.progress.ascent[&mountain.key()];
    let status = mountain.status(progress);
    assert!(status[0].medals.climbed && !status[0].medals.unassisted);
    assert!(status[1].unlocked && !status[2].unlocked);
    assert_eq!(mountain.next_camp(progress), Some(2));

    // The same climb unassisted earns the second medal; a game against the wrong opponent
    // does not count and writes nothing.
    let mut game = plan.new_game.start(2).expect("legal");
    game.play_text("g4-g1xd7").expect("legal");
    let news = ascent::finish_game(&mut file, &mountain, 1, &game, false).expect("counted");
    assert!(news.new_medals.unassisted && !news.new_medals.climbed);
    let mut wrong = mountain
        .plan(progress, 2, Seat::First, TimeControl::None)
        .expect("open")
        .new_game;
    wrong.position = Some(WINNING.to_owned());
    let mut game = wrong.start(3).expect("legal");
    game.play_text("g4-g1xd7").expect("legal");
    let before = std::fs::read_to_string(&path).expect("written");
    assert!(ascent::finish_game(&mut file, &mountain, 1, &game, false).is_err());
    assert_eq!(std::fs::read_to_string(&path).expect("kept"), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unfinished_game_does_not_count() {
    let dir = folder("unfinished");
    let mountain = Mountain::new("oware", None).expect("oware");
    let (mut file, _) = ProgressFile::open(dir.join("progress.toml")).expect("empty");
    let plan = mountain
        .plan(&Default::default(), 1, Seat::First, TimeControl::None)
        .expect("open");
    let game = plan.new_game.start(1).expect("start");
    let err = ascent::finish_game(&mut file, &mountain, 1, &game, false).unwrap_err();
    assert!(err.to_string().contains("not over"), "{err}");
    assert!(!dir.join("progress.toml").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_climb_won_on_the_clock_is_mastered_and_keeps_its_clock() {
    let dir = folder("clock");
    let path = dir.join("progress.toml");
    let mountain = Mountain::new("morabaraba", None).expect("morabaraba");
    let (mut file, _) = ProgressFile::open(path.clone()).expect("no file yet");
    let clock: TimeControl = "5+3".parse().expect("a time control");
    let mut plan = mountain
        .plan(&Default::default(), 1, Seat::First, clock)
        .expect("camp 1 is open");
    assert_eq!(plan.new_game.clock, clock, "the climb game is on the clock");
    plan.new_game.position = Some(WINNING.to_owned());
    let mut game = plan.new_game.start(1).expect("legal");
    assert!(game.clocks(Instant::now()).is_some(), "the clock runs");
    game.play_text("g4-g1xa7").expect("legal");
    let news = ascent::finish_game(&mut file, &mountain, 1, &game, false).expect("counted");
    assert!(
        news.new_medals.climbed && news.new_medals.unassisted && news.new_medals.mastered,
        "one unassisted win on the clock earns all three medals: {news}"
    );

    // The progress file names the clock, and a new session reads it back.
    let text = std::fs::read_to_string(&path).expect("written");
    assert!(text.contains("time-control = \"5+3\""), "{text}");
    let (file2, _) = ProgressFile::open(path).expect("read back");
    let played = &file2.progress.ascent[&mountain.key()].camps["1"].climbs[0].games[0];
    assert!(played.clock);
    assert_eq!(played.time_control, Some(clock));

    // The same camp without a clock, won with one colour only, is not mastered.
    let dir2 = folder("no-clock");
    let (mut file, _) = ProgressFile::open(dir2.join("progress.toml")).expect("empty");
    let mut plan = mountain
        .plan(&Default::default(), 1, Seat::First, TimeControl::None)
        .expect("open");
    plan.new_game.position = Some(WINNING.to_owned());
    let mut game = plan.new_game.start(1).expect("legal");
    game.play_text("g4-g1xa7").expect("legal");
    let news = ascent::finish_game(&mut file, &mountain, 1, &game, false).expect("counted");
    assert!(news.medals.unassisted && !news.medals.mastered, "{news}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

#[test]
fn flagging_loses_a_climb_game_on_the_clock() {
    let dir = folder("flag");
    let mountain = Mountain::new("morabaraba", None).expect("morabaraba");
    let (mut file, _) = ProgressFile::open(dir.join("progress.toml")).expect("empty");
    let clock: TimeControl = "move:120".parse().expect("a time control");
    let mut plan = mountain
        .plan(&Default::default(), 1, Seat::First, clock)
        .expect("open");
    plan.new_game.position = Some(WINNING.to_owned());
    let start = Instant::now();
    let mut game = plan.new_game.start_at(1, start).expect("legal");
    assert!(
        !game.tick(start + Duration::from_secs(119)),
        "still in time"
    );
    assert!(game.tick(start + Duration::from_secs(121)), "White flags");
    let news = ascent::finish_game(&mut file, &mountain, 1, &game, false).expect("counted");
    assert_eq!(news.state, ClimbState::Failed);
    assert!(!news.medals.climbed && news.unlocked.is_none(), "{news}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_climb_game_left_unfinished_goes_on_as_the_climb_and_counts_assisted() {
    let dir = folder("resume");
    let mountain = Mountain::new("morabaraba", None).expect("morabaraba");
    let (mut file, _) = ProgressFile::open(dir.join("progress.toml")).expect("empty");
    let store = Unfinished::in_folder(dir.join("unfinished"));

    // A climb game of camp 1; the player asks for a hint, makes a double threat (both on
    // three cows, flying: a4 then threatens g1 for a1-d1-g1 and a7 for a1-a4-a7; Black's
    // cows share no line, so it cannot shoot back), the Calf answers, and the player leaves.
    let mut plan = mountain
        .plan(&Default::default(), 1, Seat::First, TimeControl::None)
        .expect("open");
    plan.new_game.position = Some(DOUBLE_THREAT.to_owned());
    let mut game = plan.new_game.start(1).expect("legal");
    let mut climbing = Climbing::new(mountain.clone(), 1);
    climbing.assist();
    let mut keep = Autosave::new(Some(store.slot_for(&game)));
    game.play_text("e5-a4").expect("legal");
    game.wait_ai().expect("the Calf answers");
    assert!(!game.is_over());
    assert!(keep.update_climb(&game, Some(&climbing)).expect("kept"));

    // "Continue a game" lists it as the climb it is.
    let listing = store.list();
    assert_eq!(listing.games.len(), 1, "{:?}", listing.set_aside);
    let entry = &listing.games[0];
    assert_eq!(
        entry.climb.as_deref(),
        Some("a climb of camp 1, The Calf Pen, assisted")
    );
    assert!(
        entry.to_string().starts_with(
            "A climb of camp 1, The Calf Pen, assisted: morabaraba (morabaraba): you against \
             Calf (level 1), "
        ),
        "{entry}"
    );

    // Continued by a new session: the same climb game, still assisted.
    let record = Record::load(&entry.path).expect("read");
    let mut resumed = Climbing::from_record(&record)
        .expect("a climb game")
        .expect("its tag reads");
    assert_eq!((resumed.camp, resumed.assisted), (1, true));
    assert_eq!(resumed.mountain, mountain);
    let mut game =
        AnyGame::from_record(&record, AnyGame::players_in(&record), 2).expect("continued");
    let mut keep = Autosave::resume(entry.path.clone(), &game);
    assert_eq!(game.moves().len(), 2);
    // Whatever the Calf blocked, the other mill closes and shoots Black down to two cows.
    assert!(win_by_a_mill(&mut game), "one of the two mills closes");
    assert!(game.is_over());
    let news = resumed
        .count(Some(&mut file), &game)
        .expect("counted once")
        .expect("a climb game");
    assert_eq!(news.state, ClimbState::Climbed);
    assert_eq!(news.unlocked, Some(2), "camp 2 opens");
    assert!(
        news.medals.climbed && !news.medals.unassisted,
        "assisted kept"
    );
    assert!(resumed.count(Some(&mut file), &game).is_none(), "only once");
    keep.update_climb(&game, Some(&resumed)).expect("removed");
    assert!(
        store.list().games.is_empty(),
        "a finished game is not offered"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_with_a_wrong_climb_tag_says_why() {
    let rules = kraal_session::resolve("oware", None, &[] as &[&str]).expect("rules");
    let mut record = Record::new(&rules);
    assert!(Climbing::from_record(&record).is_none(), "no climb game");
    record.set_tag("Climb", "oware camp 9");
    let err = Climbing::from_record(&record).expect("tagged").unwrap_err();
    assert!(err.to_string().contains("no camp 9"), "{err}");
    record.set_tag("Climb", "mulabalaba camp 2");
    let err = Climbing::from_record(&record).expect("tagged").unwrap_err();
    assert!(
        err.to_string().contains("names the mountain mulabalaba"),
        "{err}"
    );
    record.set_tag("Climb", "oware");
    assert!(Climbing::from_record(&record).expect("tagged").is_err());
    record.set_tag("Climb", "oware camp 3");
    let climbing = Climbing::from_record(&record)
        .expect("tagged")
        .expect("reads");
    assert_eq!((climbing.camp, climbing.assisted), (3, false));
}
