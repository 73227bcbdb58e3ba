//! `map encode --position P` prints the share code of the position's map;
//! `map decode CODE` prints the diagram of the Mapello start on that map.

use std::io::Write;

use super::{Args, CliError, Command, PositionArgs};
use crate::rules::Variant;
use crate::setup::Setup;
use crate::{diagram, sharecode};

pub(super) const COMMAND: Command = Command {
    name: "map",
    usage: "encode [--position P] | map decode CODE",
    run,
};

fn run(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    match args.positional().as_deref() {
        Some("encode") => {
            let position = PositionArgs::take(args)?;
            args.finish()?;
            writeln!(out, "{}", sharecode::encode(&position.setup()?.map))?;
        }
        Some("decode") => {
            let code = args.required("share code")?;
            for option in ["position", "variant", "size"] {
                if args.value(option)?.is_some() {
                    return Err(CliError::Refused(format!(
                        "map decode prints the Mapello start on the code's map, whose size \
                         the code holds: --{option} does not apply"
                    )));
                }
            }
            args.finish()?;
            let map = sharecode::decode(&code)?;
            write!(
                out,
                "{}",
                diagram::write(&Setup::start(Variant::Mapello, map))
            )?;
        }
        _ => {
            return Err(CliError::Refused(
                "usage: mapello map encode [--position P] | map decode CODE".to_string(),
            ))
        }
    }
    Ok(())
}
