//! The command line byte for byte: every case of `tests/cli_contract.txt`
//! (every command, good and bad numbers, missing values, unknown and
//! repeated options, help and usage, standard input) must print exactly
//! what the file records, on standard output and standard error, with the
//! same exit status.
//!
//! A case is a line `$ WORDS`, words between single spaces, `\s` a space
//! inside a word, `\n` a line break, `\e` an escape and `\\` a backslash;
//! a first word `stdin=TEXT` is standard input. Below it the file holds
//! standard output (`| ` lines), standard error (`! ` lines), `%` when the
//! last line has no line break, and `exit N`. A change meant to change
//! the contract rewrites the file with `MAPELLO_BLESS=1 cargo test --test
//! cli_contract`, and the diff shows what changed.

#![cfg(feature = "cli")]

// Shared with tests/cli.rs, which uses the rest of it.
#[allow(dead_code)]
#[path = "common/cli.rs"]
mod run;

use std::path::PathBuf;

fn contract_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cli_contract.txt")
}

/// The words of a case line (after `$`), unescaped.
fn words(line: &str) -> Vec<String> {
    line.split(' ')
        .filter(|w| !w.is_empty())
        .map(|word| {
            let mut out = String::new();
            let mut chars = word.chars();
            while let Some(c) = chars.next() {
                if c != '\\' {
                    out.push(c);
                    continue;
                }
                match chars.next() {
                    Some('s') => out.push(' '),
                    Some('n') => out.push('\n'),
                    Some('e') => out.push('\u{1b}'),
                    Some('\\') => out.push('\\'),
                    other => panic!("unknown escape \\{other:?} in {word:?}"),
                }
            }
            out
        })
        .collect()
}

/// `text` as lines each prefixed with `mark`, and `%` when it does not end
/// with a line break.
fn marked(text: &[u8], mark: &str) -> String {
    let text = String::from_utf8_lossy(text);
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        out.push_str(mark);
        out.push_str(line);
    }
    if !text.is_empty() && !text.ends_with('\n') {
        out.push_str("\n%\n");
    }
    out
}

/// The record of one case, as the file holds it.
fn record(case: &str) -> String {
    let mut words = words(case);
    let stdin = match words.first().and_then(|w| w.strip_prefix("stdin=")) {
        Some(text) => {
            let text = text.to_string();
            words.remove(0);
            Some(text)
        }
        None => None,
    };
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let out = run::mapello(&args, stdin.as_deref());
    let status = out
        .status
        .code()
        .map_or("signal".to_string(), |c| c.to_string());
    let header = if case.is_empty() {
        "$".to_string()
    } else {
        format!("$ {case}")
    };
    format!(
        "{header}\n{}{}exit {status}\n\n",
        marked(&out.stdout, "| "),
        marked(&out.stderr, "! ")
    )
}

#[test]
fn every_recorded_command_line_prints_what_it_did() {
    let path = contract_path();
    let recorded = std::fs::read_to_string(&path).unwrap();
    let cases: Vec<&str> = recorded
        .lines()
        .filter_map(|l| l.strip_prefix("$ ").or((l == "$").then_some("")))
        .collect();
    assert!(cases.len() > 100, "{} cases", cases.len());
    let now: String = cases.iter().map(|case| record(case)).collect();
    if std::env::var_os("MAPELLO_BLESS").is_some() {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let mut differ = Vec::new();
    for (was, is) in recorded.split("\n\n").zip(now.split("\n\n")) {
        if was != is {
            differ.push(format!("recorded:\n{was}\nnow:\n{is}"));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} command lines changed (MAPELLO_BLESS=1 rewrites the file):\n\n{}",
        differ.len(),
        cases.len(),
        differ.join("\n\n")
    );
    assert_eq!(recorded, now);
}
