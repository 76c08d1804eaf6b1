//! Release archives: a folder `kraal-VERSION-TARGET/` with the binaries, the documents,
//! completions and man page, packed as `.tar.gz`, and a `SHA256SUMS` file.

use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One file to put in the archive: where it comes from, and its path inside the archive folder.
pub struct Entry {
    /// The file on disk.
    pub source: PathBuf,
    /// Its path inside `kraal-VERSION-TARGET/`.
    pub dest: String,
}

/// What a packaging run made.
#[derive(Debug)]
pub struct Packed {
    /// The archive folder's name, `kraal-VERSION-TARGET`.
    pub name: String,
    /// The `.tar.gz` archive.
    pub archive: PathBuf,
    /// The `SHA256SUMS` file.
    pub sums: PathBuf,
}

/// The SHA-256 of a file, as lower-case hex.
///
/// # Errors
/// The file cannot be read.
pub fn sha256(path: &Path) -> io::Result<String> {
    let digest = Sha256::digest(fs::read(path)?);
    let mut hex = String::with_capacity(64);
    for byte in digest {
        let _ = write!(hex, "{byte:02x}");
    }
    Ok(hex)
}

/// Copies `entries` into `out/NAME/`, packs that folder as `out/NAME.tar.gz`, and writes
/// `out/SHA256SUMS` with the archive's checksum and each file's.
///
/// # Errors
/// A source file is missing, or the output folder cannot be written.
pub fn package(out: &Path, version: &str, target: &str, entries: &[Entry]) -> io::Result<Packed> {
    let name = format!("kraal-{version}-{target}");
    let folder = out.join(&name);
    if folder.exists() {
        fs::remove_dir_all(&folder)?;
    }
    let mut sums = String::new();
    for entry in entries {
        let dest = folder.join(&entry.dest);
        if let Some(parent) = dest.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::copy(&entry.source, &dest)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", entry.source.display())))?;
        sums.push_str(&format!("{}  {name}/{}\n", sha256(&dest)?, entry.dest));
    }
    let archive = out.join(format!("{name}.tar.gz"));
    let file = fs::File::create(&archive)?;
    let encoder = flate2::write::GzEncoder::new(file, flate2::Compression::default());
    let mut tar = tar::Builder::new(encoder);
    tar.append_dir_all(&name, &folder)?;
    tar.into_inner()?.finish()?;
    sums.insert_str(0, &format!("{}  {name}.tar.gz\n", sha256(&archive)?));
    let sums_path = out.join("SHA256SUMS");
    fs::write(&sums_path, sums)?;
    Ok(Packed {
        name,
        archive,
        sums: sums_path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("kraal-xtask-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("temporary folder");
        dir
    }

    #[test]
    fn sha256_matches_the_published_test_vector() {
        let dir = temp("sha");
        let file = dir.join("abc.txt");
        fs::write(&file, "abc").expect("write");
        assert_eq!(
            sha256(&file).expect("reads"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn packaging_stub_binaries_makes_the_folder_archive_and_checksums() {
        let dir = temp("pack");
        let stubs = dir.join("stubs");
        fs::create_dir_all(&stubs).expect("stubs");
        let mut entries = Vec::new();
        for (file, dest) in [
            ("kraal", "kraal"),
            ("kraal-tui", "kraal-tui"),
            ("README.md", "README.md"),
            ("morabaraba.md", "docs/rules/morabaraba.md"),
        ] {
            fs::write(stubs.join(file), format!("stub {file}")).expect("stub");
            entries.push(Entry {
                source: stubs.join(file),
                dest: dest.to_owned(),
            });
        }
        let out = dir.join("dist");
        fs::create_dir_all(&out).expect("dist");
        let packed = package(&out, "0.1.0", "x86_64-unknown-linux-gnu", &entries).expect("packs");
        assert_eq!(packed.name, "kraal-0.1.0-x86_64-unknown-linux-gnu");
        assert!(
            out.join(&packed.name)
                .join("docs/rules/morabaraba.md")
                .is_file()
        );

        // The archive holds every file under the folder name, with the same bytes.
        let file = fs::File::open(&packed.archive).expect("archive");
        let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
        let mut names: Vec<String> = Vec::new();
        for entry in archive.entries().expect("entries") {
            let mut entry = entry.expect("entry");
            if entry.header().entry_type().is_file() {
                let mut text = String::new();
                io::Read::read_to_string(&mut entry, &mut text).expect("text");
                let path = entry.path().expect("path").to_string_lossy().into_owned();
                assert!(text.starts_with("stub "), "{path}: {text}");
                names.push(path);
            }
        }
        names.sort();
        let folder = &packed.name;
        assert_eq!(
            names,
            [
                format!("{folder}/README.md"),
                format!("{folder}/docs/rules/morabaraba.md"),
                format!("{folder}/kraal"),
                format!("{folder}/kraal-tui"),
            ]
        );

        // SHA256SUMS lists the archive first, then each file, with checksums that match.
        let sums = fs::read_to_string(&packed.sums).expect("sums");
        let lines: Vec<&str> = sums.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(
            lines[0],
            format!("{}  {folder}.tar.gz", sha256(&packed.archive).expect("sum"))
        );
        for line in &lines[1..] {
            let (sum, path) = line.split_once("  ").expect("two fields");
            assert_eq!(sum, sha256(&out.join(path)).expect("sum"), "{path}");
        }
        let missing = [Entry {
            source: stubs.join("absent"),
            dest: "absent".to_owned(),
        }];
        assert!(
            package(&out, "0.1.0", "t", &missing)
                .unwrap_err()
                .to_string()
                .contains("absent")
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
