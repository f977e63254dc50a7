//! The arguments of `gorules show`.

use super::RuleArgs;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// `gorules show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A game record: an SGF file, or a graph-board game (.json, docs/graph-format.md).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Which game of the file (game trees counted from 1).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub game: usize,

    /// Show the position after this move (0: the setup before the first move). Default: the
    /// end of the record, with the ruleset's count point by point.
    #[arg(long = "move", value_name = "M")]
    pub at_move: Option<usize>,

    #[command(flatten)]
    pub rules: RuleArgs,

    /// Picture format. Default: the format --output's extension names (.svg, .png), else
    /// ascii. An --output whose extension names another format is refused.
    #[arg(long, short = 'f', value_enum)]
    pub format: Option<PictureFormat>,

    /// Write the picture to this file instead of standard output (a PNG is never written to
    /// a terminal).
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output: Option<PathBuf>,

    /// Number the stones by the move that put them there.
    #[arg(long)]
    pub move_numbers: bool,

    /// SVG board background.
    #[arg(long, value_enum, default_value_t = ThemeArg::Wood)]
    pub theme: ThemeArg,

    /// ANSI colour in the ASCII picture: `auto` colours only a terminal and never when
    /// NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
}

/// `--format` of `show`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PictureFormat {
    /// Text for terminals.
    Ascii,
    /// A scalable picture.
    Svg,
    /// A raster picture: the SVG drawn at its own size (about 20 pixels per line).
    Png,
}

/// `--theme`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ThemeArg {
    /// A wood-coloured board.
    Wood,
    /// A white board.
    Plain,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour when writing to a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour (even with NO_COLOR: the command line wins).
    Always,
    /// Never colour.
    Never,
}
