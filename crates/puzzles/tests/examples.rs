//! The `gen` example runs as a test: it appends proven puzzles that read and verify.

#[allow(dead_code)]
#[path = "../examples/gen.rs"]
mod gen_example;

use kraal_puzzles::{VERIFY_NODES, parse_pack};

#[test]
fn the_generator_example_appends_proven_puzzles() {
    let dir = std::env::temp_dir().join(format!("kraal-puzzles-gen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pack = dir.join("pack.txt");
    let args = |n: &str| -> Vec<String> {
        ["oware", "abapa", n, "3", pack.to_str().unwrap()]
            .iter()
            .map(|a| (*a).to_owned())
            .collect()
    };
    let summary = gen_example::run(&args("2")).unwrap();
    assert!(summary.starts_with("2 puzzles"), "{summary}");
    // Again: two more, numbered after the first two, none a repeat.
    gen_example::run(&args("2")).unwrap();
    let puzzles = parse_pack(&std::fs::read_to_string(&pack).unwrap()).unwrap();
    let ids: Vec<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(
        ids,
        ["abapa-0001", "abapa-0002", "abapa-0003", "abapa-0004"]
    );
    for p in &puzzles {
        p.verify(VERIFY_NODES).unwrap();
    }
    assert!(gen_example::run(&args("many")).is_err());
    assert!(gen_example::run(&["chess".to_owned()]).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
