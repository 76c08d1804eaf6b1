//! The tables on disk: one folder per family under the tables folder, one file per table,
//! built in order of seeds, each kept once finished.

use crate::error::TableError;
use crate::file::{self, Header, TableBytes};
use crate::morris::{MorrisTables, Sector, Sector3};
use crate::oware::{self, OwareFamily, OwareTables, Step};
use crate::rank;
use kraal_rules_morris::{Options as MorrisOptions, RuleSet as MorrisRuleSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The environment variable naming the tables folder (over the user's data folder).
pub const ENV_VAR: &str = "KRAAL_TABLES";

/// A folder of tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableDir {
    root: PathBuf,
}

/// What became of one table in a build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It was already built and whole; it was read, not rebuilt.
    Kept,
    /// It was built.
    Built,
    /// Its file was broken (the reason given); it was set aside and built again.
    Rebuilt(String),
}

/// What a build tells its caller as it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Work on the table of `seeds` seeds (`positions` boards) starts.
    Start {
        /// Seeds on the board.
        seeds: usize,
        /// Boards in the table.
        positions: u64,
    },
    /// A step inside the table being built.
    Step {
        /// Seeds on the board.
        seeds: usize,
        /// The step.
        step: Step,
    },
    /// The table is done.
    Done {
        /// Seeds on the board.
        seeds: usize,
        /// Kept, built or rebuilt.
        fate: Fate,
        /// Time spent on it.
        elapsed: Duration,
        /// The file's size in bytes.
        bytes: u64,
    },
}

/// A table file found in the folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFile {
    /// The family.
    pub family: OwareFamily,
    /// Seeds on the board.
    pub seeds: usize,
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
}

impl TableDir {
    /// The tables in `root`.
    #[must_use]
    pub fn new(root: impl Into<PathBuf>) -> TableDir {
        TableDir { root: root.into() }
    }

    /// The folder `KRAAL_TABLES` names, or else `tables` in the user's data folder. Library
    /// code never calls this by itself: programs choose to.
    ///
    /// # Errors
    /// [`TableError::NoDataFolder`] when neither is available.
    pub fn from_env() -> Result<TableDir, TableError> {
        if let Some(dir) = std::env::var_os(ENV_VAR).filter(|d| !d.is_empty()) {
            return Ok(TableDir::new(dir));
        }
        directories::ProjectDirs::from("", "", "kraal")
            .map(|p| TableDir::new(p.data_dir().join("tables")))
            .ok_or(TableError::NoDataFolder)
    }

    /// The folder.
    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file of one Oware table.
    #[must_use]
    pub fn oware_path(&self, family: OwareFamily, seeds: usize) -> PathBuf {
        self.root
            .join(family.name())
            .join(format!("seeds-{seeds:02}.kraaltb"))
    }

    fn header(family: OwareFamily, seeds: usize) -> Header {
        Header {
            family: family.name().to_owned(),
            seeds: seeds as u32,
            count: 3 * rank::count(seeds),
        }
    }

    /// Maps the table of `seeds` seeds, read-only, after checking it.
    ///
    /// # Errors
    /// As [`file::read`]: missing, corrupt (set aside) or unreadable.
    pub fn read_oware(&self, family: OwareFamily, seeds: usize) -> Result<TableBytes, TableError> {
        file::map(
            &self.oware_path(family, seeds),
            &TableDir::header(family, seeds),
        )
    }

    /// Maps the tables of 0, 1, 2, ... seeds up to `max` or to the first one missing.
    ///
    /// # Errors
    /// A corrupt (set aside) or unreadable table file.
    pub fn load_oware(&self, family: OwareFamily, max: usize) -> Result<OwareTables, TableError> {
        let mut tables = Vec::new();
        for seeds in 0..=max.min(oware::MAX_SEEDS) {
            match self.read_oware(family, seeds) {
                Ok(t) => tables.push(t),
                Err(TableError::Missing { .. }) => break,
                Err(e) => return Err(e),
            }
        }
        Ok(OwareTables::from_bytes(family, tables))
    }

    /// Builds the tables of 0..=`max` seeds that are not yet built (a finished file is read,
    /// never rebuilt; a broken one is set aside and rebuilt; a half-written temporary file
    /// from a build that was stopped is replaced), and returns them all.
    ///
    /// # Errors
    /// [`TableError::TooManySeeds`] above [`oware::MAX_SEEDS`]; a file that cannot be written.
    pub fn build_oware(
        &self,
        family: OwareFamily,
        max: usize,
        events: &mut dyn FnMut(Event),
    ) -> Result<OwareTables, TableError> {
        if max > oware::MAX_SEEDS {
            return Err(TableError::TooManySeeds {
                seeds: max,
                max: oware::MAX_SEEDS,
            });
        }
        // Each table is mapped from its file once written: a build holds in memory only the
        // table it is building (and the pages of the smaller ones its captures touch).
        let mut tables: Vec<TableBytes> = Vec::new();
        for seeds in 0..=max {
            let started = Instant::now();
            let path = self.oware_path(family, seeds);
            events(Event::Start {
                seeds,
                positions: rank::count(seeds),
            });
            let fate = match self.read_oware(family, seeds) {
                Ok(t) => {
                    tables.push(t);
                    Fate::Kept
                }
                Err(TableError::Missing { .. }) => Fate::Built,
                Err(e @ TableError::Corrupt { .. }) => Fate::Rebuilt(e.to_string()),
                Err(e) => return Err(e),
            };
            if fate != Fate::Kept {
                let smaller: Vec<&[u8]> = tables.iter().map(|t| &**t).collect();
                let scratch = file::scratch_path(&path);
                if let Some(dir) = path.parent() {
                    std::fs::create_dir_all(dir).map_err(|source| TableError::Io {
                        path: dir.to_owned(),
                        source,
                    })?;
                }
                let values = oware::build_table(family, seeds, &smaller, &scratch, &mut |step| {
                    events(Event::Step { seeds, step });
                })?;
                let header = TableDir::header(family, seeds);
                file::write(&path, &header, &values)?;
                drop(values);
                tables.push(file::map(&path, &header)?);
            }
            events(Event::Done {
                seeds,
                fate,
                elapsed: started.elapsed(),
                bytes: (file::HEADER_LEN as u64) + 3 * rank::count(seeds),
            });
        }
        Ok(OwareTables::from_bytes(family, tables))
    }

    /// The name of the Morabaraba table family for `options`: the first rule set with the same
    /// moves and shots, such as `morris-morabaraba`.
    ///
    /// # Errors
    /// [`TableError::UnsupportedRules`] when no rule set's moves and shots are these.
    pub fn morris_family(options: &MorrisOptions) -> Result<String, TableError> {
        let wanted = Sector3::table_options(options);
        MorrisRuleSet::ALL
            .into_iter()
            .find(|r| Sector3::table_options(&r.options()) == wanted)
            .map(|r| format!("morris-{}", r.name()))
            .ok_or_else(|| TableError::UnsupportedRules {
                rules: "Morabaraba tables are built for the rule sets' own options only".to_owned(),
            })
    }

    /// The file of the 3v3 sector of a Morabaraba family.
    #[must_use]
    pub fn morris3_path(&self, family: &str) -> PathBuf {
        self.sector_path(family, (3, 3))
    }

    /// The file of a sector (fewer, more cows) of a Morabaraba family: `sector-3v4.kraaltb`.
    #[must_use]
    pub fn sector_path(&self, family: &str, (small, big): (u8, u8)) -> PathBuf {
        self.root
            .join(family)
            .join(format!("sector-{small}v{big}.kraaltb"))
    }

    fn sector_header(family: &str, (small, big): (u8, u8), classes: usize) -> Header {
        Header {
            family: family.to_owned(),
            // The 3v3 file's header said 33 before larger sectors: 10 x fewer + more.
            seeds: u32::from(small) * 10 + u32::from(big),
            count: classes as u64,
        }
    }

    /// Reads the 3v3 sector of the rules `options`.
    ///
    /// # Errors
    /// As [`file::read`], and [`TableError::UnsupportedRules`] for rules with no family.
    pub fn load_morris3(&self, options: &MorrisOptions) -> Result<Sector3, TableError> {
        self.load_sector(options, (3, 3))
    }

    /// Reads the sector of `cows` (fewer, more) of the rules `options`.
    ///
    /// # Errors
    /// As [`file::read`], and [`TableError::UnsupportedRules`] for rules with no family.
    pub fn load_sector(
        &self,
        options: &MorrisOptions,
        cows: (u8, u8),
    ) -> Result<Sector, TableError> {
        let family = TableDir::morris_family(options)?;
        let classes = Sector::sector_class_count(options, cows);
        let path = self.sector_path(&family, cows);
        let values = file::read(&path, &TableDir::sector_header(&family, cows, classes))?;
        Sector::from_sector_values(options, cows, values).ok_or_else(|| TableError::Corrupt {
            path,
            reason: "the values do not fit the board's classes".to_owned(),
            set_aside: None,
        })
    }

    /// Reads every sector of the rules `options` built so far, smallest first (3v3, 3v4,
    /// 4v4, ...), stopping at the first one missing.
    ///
    /// # Errors
    /// [`TableError::Missing`] when not even the 3v3 sector is built; as
    /// [`TableDir::load_sector`] for a file that does not read.
    pub fn load_morris(&self, options: &MorrisOptions) -> Result<MorrisTables, TableError> {
        let mut sectors = Vec::new();
        for cows in crate::morris::sectors_up_to(5) {
            match self.load_sector(options, cows) {
                Ok(s) => sectors.push(s),
                Err(TableError::Missing { .. }) if !sectors.is_empty() => break,
                Err(e) => return Err(e),
            }
        }
        Ok(MorrisTables::new(sectors))
    }

    /// Builds the 3v3 sector of the rules `options` unless it is built already (a broken
    /// file is set aside and rebuilt), and returns it with what became of its file.
    ///
    /// # Errors
    /// [`TableError::UnsupportedRules`]; a file that cannot be read or written.
    pub fn build_morris3(&self, options: &MorrisOptions) -> Result<(Sector3, Fate), TableError> {
        let mut fate = Fate::Kept;
        let tables = self.build_morris(options, 3, &mut |(_, f)| fate = f)?;
        let sector = tables.into_sectors().swap_remove(0);
        Ok((sector, fate))
    }

    /// Builds every sector of the rules `options` up to `most` cows a side (3v3; 3v4 and 4v3;
    /// 4v4; ...), smallest first, each unless built already (a broken file is set aside and
    /// rebuilt); `done` hears of each sector and what became of its file.
    ///
    /// # Errors
    /// [`TableError::UnsupportedRules`]; a file that cannot be read or written; a sector whose
    /// distances do not fit.
    pub fn build_morris(
        &self,
        options: &MorrisOptions,
        most: u8,
        done: &mut dyn FnMut(((u8, u8), Fate)),
    ) -> Result<MorrisTables, TableError> {
        let family = TableDir::morris_family(options)?;
        let mut sectors: Vec<Sector> = Vec::new();
        for cows in crate::morris::sectors_up_to(most) {
            let fate = match self.load_sector(options, cows) {
                Ok(s) => {
                    sectors.push(s);
                    done((cows, Fate::Kept));
                    continue;
                }
                Err(TableError::Missing { .. }) => Fate::Built,
                Err(e @ TableError::Corrupt { .. }) => Fate::Rebuilt(e.to_string()),
                Err(e) => return Err(e),
            };
            let lower: Vec<&Sector> = sectors.iter().collect();
            let sector = Sector::build_sector(options, cows, &lower)?;
            file::write(
                &self.sector_path(&family, cows),
                &TableDir::sector_header(&family, cows, sector.len()),
                sector.values(),
            )?;
            sectors.push(sector);
            done((cows, fate));
        }
        Ok(MorrisTables::new(sectors))
    }

    /// The Morabaraba sector files present (3v3 to 5v5): family, file, size in bytes.
    #[must_use]
    pub fn list_morris(&self) -> Vec<(String, PathBuf, u64)> {
        let mut out = Vec::new();
        for r in MorrisRuleSet::ALL {
            let family = format!("morris-{}", r.name());
            for cows in crate::morris::sectors_up_to(5) {
                let path = self.sector_path(&family, cows);
                if let Ok(meta) = std::fs::metadata(&path) {
                    out.push((family.clone(), path, meta.len()));
                }
            }
        }
        out
    }

    /// The table files present, by family and seeds (whole or not: reading checks them).
    #[must_use]
    pub fn list(&self) -> Vec<TableFile> {
        let mut out = Vec::new();
        for family in OwareFamily::ALL {
            for seeds in 0..=oware::MAX_SEEDS {
                let path = self.oware_path(family, seeds);
                if let Ok(meta) = std::fs::metadata(&path) {
                    out.push(TableFile {
                        family,
                        seeds,
                        path,
                        bytes: meta.len(),
                    });
                }
            }
        }
        out
    }
}
