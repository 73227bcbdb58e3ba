//! The words after the command: options (`--name value` or `--name=value`)
//! taken by name, then positional arguments in order; whatever is left is an
//! error.

use crate::map::SIZES;
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

use lexopt::{Arg, ValueExt};

use super::CliError;

/// The command-line words a command has not taken yet.
#[derive(Clone, Debug)]
pub(crate) struct Args {
    words: Vec<String>,
}

/// True for `--name` words; a bare `--` is a positional (a pass).
fn is_option(word: &str) -> bool {
    word.strip_prefix("--")
        .is_some_and(|name| name.starts_with(|c: char| c.is_ascii_alphabetic()))
}

impl Args {
    /// The words to parse.
    pub(crate) fn new(words: Vec<String>) -> Args {
        Args { words }
    }

    /// Takes the value of `--name`, if given; refuses a missing value or a
    /// repeated option.
    pub(crate) fn value(&mut self, name: &str) -> Result<Option<String>, CliError> {
        let mut found = None;
        for value in self.take(name, true)? {
            let value = value.ok_or_else(|| CliError::MissingValue(name.to_string()))?;
            if found.replace(value).is_some() {
                return Err(CliError::Repeated(name.to_string()));
            }
        }
        Ok(found)
    }

    /// Takes the values of every `--name`, in their order; refuses a
    /// missing value.
    pub(crate) fn values(&mut self, name: &str) -> Result<Vec<String>, CliError> {
        self.take(name, true)?
            .into_iter()
            .map(|value| value.ok_or_else(|| CliError::MissingValue(name.to_string())))
            .collect()
    }

    /// Takes every `--name` out of the words, in their order, with its
    /// value when `with_value` (`None` when the words end first), without
    /// when not (`--name=value` is then another option). lexopt reads the
    /// option words; other words never reach it as options, so `--`, `-`
    /// and `-5` stay positionals (a `--` is a pass, not the end of the
    /// options) and options after them are still options.
    fn take(&mut self, name: &str, with_value: bool) -> Result<Vec<Option<String>>, CliError> {
        let mut parser = lexopt::Parser::from_args(&self.words);
        let mut taken = vec![false; self.words.len()];
        let mut found = Vec::new();
        // The index of the next word lexopt reads.
        let mut at = 0;
        loop {
            if parser
                .raw_args()?
                .next_if(|w| !w.to_str().is_some_and(is_option))
                .is_some()
            {
                at += 1;
                continue;
            }
            let Some(arg) = parser.next()? else { break };
            let hit = arg == Arg::Long(name);
            let start = at;
            at += 1;
            let attached = parser.optional_value();
            if !hit || (!with_value && attached.is_some()) {
                continue;
            }
            taken[start] = true;
            let value = match attached {
                Some(value) => Some(value),
                None if with_value => parser.value().ok().inspect(|_| {
                    taken[at] = true;
                    at += 1;
                }),
                None => None,
            };
            found.push(value.map(|v| v.string()).transpose()?);
        }
        let mut taken = taken.into_iter();
        self.words.retain(|_| !taken.next().unwrap_or(false));
        Ok(found)
    }

    /// Takes and parses the value of `--name`; `what` describes a good value.
    pub(crate) fn parsed<T: FromStr>(
        &mut self,
        name: &str,
        what: &str,
    ) -> Result<Option<T>, CliError> {
        self.value(name)?
            .map(|v| {
                v.parse().map_err(|_| CliError::BadValue {
                    what: format!("--{name}"),
                    expected: what.to_string(),
                    word: v,
                })
            })
            .transpose()
    }

    /// Takes the value of `--name`, a number in `range`; anything else,
    /// NaN and infinities included, is an error that names the range.
    pub(crate) fn number<T>(
        &mut self,
        name: &str,
        range: RangeInclusive<T>,
    ) -> Result<Option<T>, CliError>
    where
        T: FromStr + PartialOrd + Display,
    {
        self.value(name)?
            .map(|v| in_range(&v, &format!("--{name}"), &range))
            .transpose()
    }

    /// Takes `--size`, a board size.
    pub(crate) fn size(&mut self) -> Result<Option<u32>, CliError> {
        let size = self.parsed("size", "6, 8 or 10")?;
        match size {
            Some(n) if !SIZES.contains(&n) => Err(CliError::BadSize(n)),
            _ => Ok(size),
        }
    }

    /// Takes `--name` given without a value; true when it was there.
    pub(crate) fn flag(&mut self, name: &str) -> Result<bool, CliError> {
        Ok(!self.take(name, false)?.is_empty())
    }

    /// Takes the next positional argument.
    pub(crate) fn positional(&mut self) -> Option<String> {
        let i = self.words.iter().position(|w| !is_option(w))?;
        Some(self.words.remove(i))
    }

    /// Takes the next positional argument, which must be there; `what`
    /// names it in the error.
    pub(crate) fn required(&mut self, what: &str) -> Result<String, CliError> {
        self.positional()
            .ok_or_else(|| CliError::Missing(what.to_string()))
    }

    /// Takes the next positional argument, which must be there and be a
    /// number in `range`.
    pub(crate) fn required_number<T>(
        &mut self,
        what: &str,
        range: RangeInclusive<T>,
    ) -> Result<T, CliError>
    where
        T: FromStr + PartialOrd + Display,
    {
        let word = self.required(what)?;
        in_range(&word, what, &range)
    }

    /// Takes every positional argument left.
    pub(crate) fn rest(&mut self) -> Vec<String> {
        let (rest, options) = self.words.drain(..).partition(|w| !is_option(w));
        self.words = options;
        rest
    }

    /// Refuses whatever no one took.
    pub(crate) fn finish(&self) -> Result<(), CliError> {
        match self.words.first() {
            None => Ok(()),
            Some(w) if is_option(w) => Err(CliError::UnknownOption(w.clone())),
            Some(w) => Err(CliError::UnexpectedArgument(w.clone())),
        }
    }
}

/// `word` as a number in `range`; the error names `what` and the range.
fn in_range<T>(word: &str, what: &str, range: &RangeInclusive<T>) -> Result<T, CliError>
where
    T: FromStr + PartialOrd + Display,
{
    word.parse()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| CliError::BadValue {
            what: what.to_string(),
            expected: format!("{} to {}", range.start(), range.end()),
            word: word.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Args {
        Args::new(words.iter().map(|w| w.to_string()).collect())
    }

    #[test]
    fn options_come_out_by_name_and_positionals_in_order() {
        let mut a = args(&["f5", "--position", "-", "--", "--depth=3", "d6"]);
        assert_eq!(a.value("position").unwrap().as_deref(), Some("-"));
        assert_eq!(a.parsed::<u32>("depth", "a number").unwrap(), Some(3));
        assert_eq!(a.value("variant").unwrap(), None);
        assert_eq!(a.rest(), ["f5", "--", "d6"]);
        a.finish().unwrap();
    }

    #[test]
    fn dashes_are_positionals_and_values_may_look_like_options() {
        let mut a = args(&[
            "--",
            "-5",
            "--position",
            "--size",
            "---",
            "--variant=troll",
            "-",
        ]);
        assert_eq!(a.value("variant").unwrap().as_deref(), Some("troll"));
        assert_eq!(a.value("position").unwrap().as_deref(), Some("--size"));
        assert_eq!(a.value("size").unwrap(), None);
        assert_eq!(a.rest(), ["--", "-5", "---", "-"]);
        a.finish().unwrap();
    }

    #[test]
    fn a_flag_with_a_value_is_another_option() {
        let mut a = args(&["--markdown=1", "--markdown", "--help", "--markdown"]);
        assert!(a.flag("markdown").unwrap());
        assert!(!a.flag("random-maps").unwrap());
        assert!(a.flag("help").unwrap());
        assert_eq!(
            a.finish().unwrap_err().to_string(),
            "unknown option --markdown=1"
        );
    }

    #[test]
    fn a_repeatable_option_gives_every_value_in_order() {
        let mut a = args(&["--dir", "a", "fit", "--dir=b", "--dir", "c"]);
        assert_eq!(a.values("dir").unwrap(), ["a", "b", "c"]);
        assert_eq!(a.positional().as_deref(), Some("fit"));
        assert!(a.values("dir").unwrap().is_empty());
        assert_eq!(
            args(&["--dir", "a", "--dir"])
                .values("dir")
                .unwrap_err()
                .to_string(),
            "--dir needs a value"
        );
    }

    #[test]
    fn leftovers_missing_values_and_repeats_are_errors() {
        let mut a = args(&["--size", "6", "--size", "8"]);
        assert_eq!(
            a.value("size").unwrap_err().to_string(),
            "--size is given twice"
        );
        assert_eq!(
            args(&["--size"]).value("size").unwrap_err().to_string(),
            "--size needs a value"
        );
        let mut a = args(&["--bogus", "x"]);
        assert_eq!(a.positional().as_deref(), Some("x"));
        assert_eq!(
            a.finish().unwrap_err().to_string(),
            "unknown option --bogus"
        );
        assert_eq!(
            args(&["x"]).finish().unwrap_err().to_string(),
            "unexpected argument 'x'"
        );
        let mut a = args(&["--size", "ten"]);
        let err = a.parsed::<u32>("size", "6, 8 or 10").unwrap_err();
        assert_eq!(err.to_string(), "--size must be 6, 8 or 10, not 'ten'");
    }

    #[test]
    fn numbers_out_of_range_are_errors_that_name_the_range() {
        let mut a = args(&["--games", "7", "--ms=2.5", "20"]);
        assert_eq!(a.number("games", 1..=9u32).unwrap(), Some(7));
        assert_eq!(a.number("ms", 1.0..=10.0).unwrap(), Some(2.5));
        assert_eq!(a.number("absent", 1..=9u32).unwrap(), None);
        assert_eq!(a.required_number("depth D", 0..=20u32).unwrap(), 20);
        for (word, shown) in [
            ("0", "'0'"),
            ("10", "'10'"),
            ("-1", "'-1'"),
            ("4294967296", "'4294967296'"),
            ("1e3", "'1e3'"),
            ("many", "'many'"),
        ] {
            let err = args(&["--games", word])
                .number("games", 1..=9u32)
                .unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("--games must be 1 to 9, not {shown}")
            );
        }
        for word in ["NaN", "inf", "-inf", "0", "10.5"] {
            let err = args(&["--ms", word]).number("ms", 1.0..=10.0).unwrap_err();
            assert!(
                err.to_string().starts_with("--ms must be 1 to 10, not '"),
                "{word}: {err}"
            );
        }
        let err = args(&["99"])
            .required_number("depth D", 0..=20u32)
            .unwrap_err();
        assert_eq!(err.to_string(), "depth D must be 0 to 20, not '99'");
    }

    #[test]
    fn user_text_in_errors_is_quoted_and_escaped() {
        let err = args(&["a\u{1b}[2J\nb"]).finish().unwrap_err();
        assert_eq!(err.to_string(), "unexpected argument 'a\\u{1b}[2J\\nb'");
        let err = args(&["--x\r"]).finish().unwrap_err();
        assert_eq!(err.to_string(), "unknown option --x\\r");
    }
}
