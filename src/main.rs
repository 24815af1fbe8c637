//! The `gig` command line: thin commands over gigscript-dsl and gigscript-engine.

mod cmd;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// gigscript: a rules engine for the Cyberpunk TCG in which the printed card text is the program.
#[derive(Parser)]
#[command(name = "gig", version, about, long_about = None)]
struct Cli {
    /// Folder of card files (default: `cards/` here, else the project's)
    #[arg(long, global = true, value_name = "DIR", env = "GIG_CARDS")]
    cards: Option<PathBuf>,
    /// When to colour diagnostics
    #[arg(long, global = true, value_enum, default_value_t = cmd::ColorChoice::Auto)]
    color: cmd::ColorChoice,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List catalogue cards, optionally filtered
    Cards {
        /// Print the card facts as JSON
        #[arg(long)]
        json: bool,
        /// Show only cards whose id, name, type, colour, set or tags contain this text
        filter: Option<String>,
    },
    /// Check card files: they load, their text parses, and printing it gives the text back
    Check {
        /// Card files or folders (default: the card folder)
        paths: Vec<PathBuf>,
    },
    /// Rewrite the `text` and `top` of card files in canonical form (nothing else is touched)
    Fmt {
        /// Only list the files that would change; exit 1 if there are any
        #[arg(long)]
        check: bool,
        /// Card files or folders (default: the card folder)
        paths: Vec<PathBuf>,
    },
    /// Show how a card's text was read: an indented tree with its bindings
    Explain {
        /// The card id
        card: String,
    },
    /// Run rulings: every card's and every `tests/rulings/*.toml` by default
    Test {
        /// Run only these cards' rulings
        #[arg(value_name = "CARD")]
        card_ids: Vec<String>,
        /// Run the rulings of these files (`[[ruling]]` tables)
        #[arg(long = "file", value_name = "PATH")]
        files: Vec<PathBuf>,
        /// Print the log of each failing ruling
        #[arg(long, short)]
        verbose: bool,
        /// Print per-ruling results as JSON
        #[arg(long)]
        json: bool,
    },
    /// Deck files
    Deck {
        #[command(subcommand)]
        command: DeckCommand,
    },
}

#[derive(Subcommand)]
enum DeckCommand {
    /// Check decks against the deck-building rules 7.3 and 3.20
    Check {
        /// Deck files
        #[arg(required = true)]
        decks: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ctx = cmd::Context::new(cli.cards, cli.color);
    let outcome = match cli.command {
        Command::Cards { json, filter } => cmd::cards(&ctx, json, filter.as_deref()),
        Command::Check { paths } => cmd::check(&ctx, &paths),
        Command::Fmt { check, paths } => cmd::fmt(&ctx, check, &paths),
        Command::Explain { card } => cmd::explain(&ctx, &card),
        Command::Test {
            card_ids,
            files,
            verbose,
            json,
        } => cmd::test(&ctx, &card_ids, &files, verbose, json),
        Command::Deck {
            command: DeckCommand::Check { decks },
        } => cmd::deck_check(&ctx, &decks),
    };
    outcome.into()
}
