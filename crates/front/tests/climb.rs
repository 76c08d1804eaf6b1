//! A climb from a set position, through the files: the Calf beaten at camp 1 opens camp 2,
//! the game's record is saved and replays, and the progress file is written and read back.

use kraal_front::ascent::{self, ClimbState, Mountain};
use kraal_front::progress::ProgressFile;
use kraal_session::{Record, Seat};

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-climb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// White to move closes the mill a1-d1-g1 and shoots: Black, on three cows, is reduced to two.
const WINNING: &str = "a1,d1,g4,b4/a7,d7,f6 0:0 w";

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
        .plan(&progress, 1, Seat::First)
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
        .plan(progress, 2, Seat::First)
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
        .plan(&Default::default(), 1, Seat::First)
        .expect("open");
    let game = plan.new_game.start(1).expect("start");
    let err = ascent::finish_game(&mut file, &mountain, 1, &game, false).unwrap_err();
    assert!(err.to_string().contains("not over"), "{err}");
    assert!(!dir.join("progress.toml").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
