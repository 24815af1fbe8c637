//! The `gig` command line: thin commands over gigscript-dsl and gigscript-engine.

mod out;

mod alloc;
mod cmd;
mod files;
mod input;
mod play;
mod sim;
mod table;
mod tui;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

/// gigscript: a rules engine for the Cyberpunk TCG in which the printed card text is the program.
#[derive(Parser)]
#[command(name = "gig", version, about, long_about = None)]
struct Cli {
    /// Folder of card files (default: `cards/` here, else the project's); given several times,
    /// later folders add their cards and replace the cards of the same id
    #[arg(long, global = true, value_name = "DIR", env = "GIG_CARDS", action = clap::ArgAction::Append)]
    cards: Vec<PathBuf>,
    /// When to colour diagnostics
    #[arg(long, global = true, value_enum, default_value_t = cmd::ColorChoice::Auto)]
    color: cmd::ColorChoice,
    /// The format: which printing of every card is played (`standard`, the current printings,
    /// or `alpha`, the Alpha Kit and spoiler printings)
    #[arg(
        long,
        global = true,
        value_name = "FORMAT",
        env = "GIG_FORMAT",
        default_value = "standard"
    )]
    format: gigscript_dsl::card::Format,
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
    /// Check card files: they load, their text parses, prints back, reads one way only and
    /// executes, and their rulings pass
    Check {
        /// Print the results as JSON
        #[arg(long)]
        json: bool,
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
        /// A card id, or the path of a card file (also outside the card folders)
        card: String,
    },
    /// Run rulings: every card's and every `tests/rulings/*.toml` by default
    Test {
        /// Run only these cards' rulings
        #[arg(value_name = "CARD")]
        card_ids: Vec<String>,
        /// Run the rulings of these files and folders (`[[ruling]]` tables; card files join the
        /// pool)
        #[arg(long = "file", value_name = "PATH", num_args = 1..)]
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
    /// Bot games in parallel: a progress bar, then a results table (or JSON)
    #[command(args_conflicts_with_subcommands = true)]
    Sim {
        #[command(subcommand)]
        command: Option<SimCommand>,
        /// The two decks, side A then side B (default: the two sample decks)
        #[arg(long, num_args = 2, value_names = ["A", "B"])]
        decks: Vec<PathBuf>,
        /// Games in the whole run
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Bots of side A and side B: random or greedy (one name: both sides)
        #[arg(long, value_delimiter = ',', default_value = "random")]
        bots: Vec<String>,
        /// The run seed; each game's seeds derive from it and the game's index
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads (default: one per core); results don't depend on it
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Print the results as JSON (for `gig sim merge`)
        #[arg(long)]
        json: bool,
        /// Run only the games whose index is i modulo n (e.g. 0/4)
        #[arg(long, value_name = "i/n")]
        shard: Option<String>,
        /// On one thread, print only games per second
        #[arg(long)]
        bench: bool,
    },
    /// Play against a bot: a full-screen view on a terminal, commands read line by line when
    /// standard input or output is not one (or with --lines)
    Play {
        /// Your deck (default: decks/red-street.toml)
        #[arg(long)]
        deck: Option<PathBuf>,
        /// The bot's deck (default: decks/yellow-blue-fixers.toml)
        #[arg(long)]
        bot_deck: Option<PathBuf>,
        /// The bot: random or greedy
        #[arg(long, default_value = "greedy")]
        bot: String,
        /// The game seed
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Save the game here when it ends or input runs out (`save FILE` saves at any decision)
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Resume a saved game at the decision where it was saved
        #[arg(long, value_name = "FILE")]
        load: Option<PathBuf>,
        /// Line mode even on a terminal: the table printed as text, commands read line by line
        #[arg(long)]
        lines: bool,
    },
    /// A language server for card, deck and rulings files, over stdin and stdout (for editors)
    Lsp,
    /// Write the JSON Schemas of the card, deck and rulings files (card.schema.json,
    /// deck.schema.json, rulings.schema.json), with which TOML editors check those files
    Schema {
        /// The folder to write them in (made if missing)
        #[arg(long, value_name = "DIR", default_value = "schemas")]
        out: PathBuf,
        /// Write nothing: list the schema files that are missing or out of date; exit 1 if any
        #[arg(long)]
        check: bool,
    },
    /// Step through a saved game (Enter for the next choice), checking it reproduces its log
    Replay {
        /// The save file
        file: PathBuf,
        /// Print the whole log at once
        #[arg(long)]
        to_end: bool,
    },
}

#[derive(Subcommand)]
enum SimCommand {
    /// Add up the JSON results of shards of one run
    Merge {
        /// `gig sim --json --shard i/n` outputs
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the merged results as JSON
        #[arg(long)]
        json: bool,
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
    let explicit_cards = cli.cards.clone();
    let ctx = cmd::Context::new(cli.cards, cli.color).with_format(cli.format);
    let outcome = match cli.command {
        Command::Cards { json, filter } => cmd::cards(&ctx, json, filter.as_deref()),
        Command::Check { paths, json } => cmd::check(&ctx, &paths, json),
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
        Command::Sim {
            command: Some(SimCommand::Merge { files, json }),
            ..
        } => sim::merge(&files, json),
        Command::Sim {
            command: None,
            decks,
            games,
            bots,
            seed,
            threads,
            json,
            shard,
            bench,
        } => sim::sim(
            &ctx,
            sim::SimArgs {
                decks,
                games,
                bots,
                seed,
                threads,
                json,
                shard,
                bench,
            },
        ),
        Command::Play {
            deck,
            bot_deck,
            bot,
            seed,
            save,
            load,
            lines,
        } => play::play(
            &ctx,
            play::PlayArgs {
                deck,
                bot_deck,
                bot,
                seed,
                save,
                load,
                lines,
            },
        ),
        Command::Replay { file, to_end } => play::replay(&ctx, &file, to_end),
        Command::Lsp => cmd::lsp(&ctx, &explicit_cards),
        Command::Schema { out, check } => cmd::schema(&out, check),
    };
    outcome.into()
}
