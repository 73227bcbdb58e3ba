//! Running the `mapello` binary, for the command-line tests (tests/cli.rs,
//! tests/troll_cli.rs): its output, its errors, and files to read.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A run of `mapello` with `stdin` (or nothing) on its standard input.
pub(crate) fn mapello(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mapello"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

/// Standard output of a run that must succeed with nothing on standard error.
pub(crate) fn ok(args: &[&str]) -> String {
    let out = mapello(args, None);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    assert_eq!(stderr, "", "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Standard error of a run that must fail with nothing on standard output.
pub(crate) fn fails(args: &[&str]) -> String {
    let out = mapello(args, None);
    assert!(!out.status.success(), "{args:?} should fail");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "", "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

/// The one line of standard error of a run that must fail.
pub(crate) fn one_line_error(args: &[&str]) -> String {
    let err = fails(args);
    assert!(
        err.starts_with("mapello: ") && err.ends_with('\n') && err.lines().count() == 1,
        "{args:?}: {err}"
    );
    err
}

/// The lines of `out`, a match's output: one a game, then the tally.
/// The first two games must begin as `first` and `second`.
pub(crate) fn match_lines<'a>(
    out: &'a str,
    games: usize,
    first: &str,
    second: &str,
) -> Vec<&'a str> {
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), games + 1, "{out}");
    assert!(lines[0].starts_with(first), "{out}");
    assert!(lines[1].starts_with(second), "{out}");
    lines
}

/// The words of `line`, a command line too long to list word by word.
pub(crate) fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// A file holding `text`, removed when dropped.
pub(crate) struct TempFile(PathBuf);

impl TempFile {
    pub(crate) fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("mapello-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }

    pub(crate) fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
