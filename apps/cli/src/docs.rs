//! Documentation generated from the command-line definition: shell completions and the man
//! page, so both always match the real flags (`kraal completions bash`, `kraal man`).

use std::io::Write;

/// Writes the completion script of `cmd` for `shell` to `out`, for the binary named by `cmd`
/// (`kraal`).
///
/// The script is built in memory first: clap's generator panics on a write error (such as
/// `kraal completions bash | head`), so the writing happens here, where it can be reported.
///
/// # Errors
/// `out` cannot be written.
pub fn completions(
    cmd: &mut clap::Command,
    shell: clap_complete::Shell,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let name = cmd.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(shell, cmd, name, &mut script);
    out.write_all(&script)?;
    out.flush()
}

/// Writes the man page (roff, section 1) of `cmd` to `out`: name, synopsis, description,
/// options and a list of the subcommands with their one-line help (as `kraal-NAME(1)`; no
/// separate pages are written for them).
///
/// # Errors
/// `out` cannot be written.
pub fn man_page(cmd: clap::Command, out: &mut dyn Write) -> std::io::Result<()> {
    clap_mangen::Man::new(cmd).render(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> clap::Command {
        clap::Command::new("tiny")
            .about("A tiny program")
            .subcommand(clap::Command::new("sow").about("Sow the seeds of one hole"))
    }

    #[test]
    fn bash_completions_mention_the_subcommand() {
        let mut out = Vec::new();
        completions(&mut tiny(), clap_complete::Shell::Bash, &mut out).expect("write to memory");
        let text = String::from_utf8(out).expect("completions are UTF-8");
        assert!(text.contains("sow"), "{text}");
        assert!(text.contains("tiny"), "{text}");
    }

    #[test]
    fn man_page_is_roff() {
        let mut out = Vec::new();
        man_page(tiny(), &mut out).expect("write to memory");
        let text = String::from_utf8(out).expect("the man page is UTF-8");
        // clap_mangen puts a two-line preamble (`.ie`/`.el`, defining the apostrophe string)
        // before the title; the title is the first macro after it.
        let title = text
            .lines()
            .find(|line| !line.starts_with(".ie ") && !line.starts_with(".el "))
            .unwrap_or_default();
        assert!(title.starts_with(".TH tiny 1"), "{text}");
        assert!(text.contains("tiny\\-sow"), "{text}");
    }
}
