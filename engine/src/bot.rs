//! Bots: players that choose options from a [`View`] alone, so they never see the rival's hand,
//! deck order, face-down Legends or future rolls.

use crate::decision::{Choice, DecisionKind};
use crate::rules::steal_count;
use crate::state::{InstId, Target};
use crate::view::View;
use gigscript_dsl::CardType;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A player that picks one option of its decision, seeing only its [`View`].
pub trait Bot: Send {
    /// The bot's name (`random`, `greedy`).
    fn name(&self) -> &'static str;
    /// The index into `options` (the view's current options, never empty) to take.
    fn choose(&mut self, view: &View<'_>, options: &[Choice]) -> usize;
}

/// The names [`bot_by_name`] knows.
pub const BOT_NAMES: [&str; 2] = ["random", "greedy"];

/// A bot by name, seeded (only `random` uses its seed).
pub fn bot_by_name(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "greedy" => Some(Box::new(GreedyBot)),
        _ => None,
    }
}

/// Uniform over the options, from its own seeded ChaCha8 generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, _view: &View<'_>, options: &[Choice]) -> usize {
        self.rng.gen_range(0..options.len().max(1))
    }
}

/// A one-ply heuristic: scores each option by what it adds at once to Gigs, power on board and
/// cards in hand, from public information and its own hand only (no simulation, so nothing
/// needs determinising), and takes the best, the first on ties. Deterministic.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot;

impl GreedyBot {
    /// The score of one option (higher is better; `pass` is 0).
    pub fn score(view: &View<'_>, kind: DecisionKind, c: Choice) -> i32 {
        let power = |i: InstId| view.unit(i).map_or(0, |u| u.power.max(0));
        let facts = |i: InstId| view.card(i).map(|c| view.pool().facts(c.card));
        let eddies = {
            let (r, s) = view.eddies(view.me());
            (r + s) as i32
        };
        match c {
            Choice::GoFirst | Choice::Keep | Choice::Yes => 1,
            Choice::GoSecond | Choice::Mulligan | Choice::No => 0,
            Choice::Roll(d) => view.die(d).map_or(0, |d| i32::from(d.sides)),
            // Eddies first while there are few of them and cards to spare.
            Choice::Sell(_) => {
                if eddies < 5 && view.hand_size(view.me()) > 2 {
                    30
                } else {
                    -1
                }
            }
            Choice::Call(_) => 2,
            Choice::CardType(_) => 0,
            Choice::Play(i) => match facts(i) {
                Some(f) => {
                    let cost = f.cost.unwrap_or(0) as i32;
                    match f.kind {
                        CardType::Unit | CardType::Legend => 10 + f.power.unwrap_or(0) + cost,
                        CardType::Gear => 8 + cost,
                        CardType::Program => 6 + cost,
                    }
                }
                None => 5,
            },
            Choice::PlayFromLegends(l) => 10 + power(l),
            Choice::GoSolo(l) => 11 + power(l),
            // Eddies before Legends: a ready face-down Legend can still be called.
            Choice::PayWith { legends, .. } => -(legends.count_ones() as i32),
            Choice::PayEddie => 2,
            Choice::PayLegend(_) => 1,
            Choice::EquipTo(h) => power(h),
            Choice::Attack { attacker, target } => {
                let p = power(attacker);
                match target {
                    Target::Gigs(_) => 20 + 5 * steal_count(p) as i32,
                    Target::Unit(u) => {
                        let q = power(u);
                        if p > q {
                            15 + q
                        } else if p == q {
                            4
                        } else {
                            -10
                        }
                    }
                }
            }
            Choice::Block(u) => {
                let attacker = view.attack().map_or(0, |a| power(a.attacker));
                if power(u) >= attacker {
                    12
                } else if kind == DecisionKind::Reaction
                    && matches!(view.attack().map(|a| a.target), Some(Target::Gigs(_)))
                {
                    3
                } else {
                    -5
                }
            }
            Choice::ChooseGig(d) => view.die(d).map_or(0, |d| i32::from(d.value)),
            Choice::Resolve(_) | Choice::Pass | Choice::EndReactions => 0,
            // Card-text choices: the bot cannot read the effect's intent from the option alone,
            // so it prefers rival Units (most effects that name a rival Unit harm it), higher
            // Gigs and larger numbers; modes are equal.
            Choice::Card(i) => {
                let rival = view.field(view.rival()).iter().any(|u| u.card.inst == i);
                if rival {
                    5 + power(i)
                } else {
                    0
                }
            }
            Choice::Gig(d) => view.die(d).map_or(0, |d| i32::from(d.value)),
            Choice::Mode(_) => 0,
            Choice::Number(n) => i32::from(n),
            // An ability the bot can't weigh: a little better than passing.
            Choice::Activate { .. } | Choice::PlayAlso(_) => 1,
        }
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, view: &View<'_>, options: &[Choice]) -> usize {
        let kind = view.decision().map_or(DecisionKind::MainAction, |(k, _)| k);
        let mut best = (i32::MIN, 0);
        for (ix, &c) in options.iter().enumerate() {
            let s = GreedyBot::score(view, kind, c);
            if s > best.0 {
                best = (s, ix);
            }
        }
        best.1
    }
}

/// Plays one decision of `game` with the bot whose turn it is to decide; `false` once over.
pub fn step(
    game: &mut crate::Game,
    bots: &mut [Box<dyn Bot>; 2],
) -> Result<bool, crate::EngineError> {
    let Some(d) = game.decision_ref() else {
        return Ok(false);
    };
    let p = d.player;
    let ix = {
        let view = game.view(p);
        let options = view.decision().map_or(&[][..], |(_, o)| o);
        bots[p.ix()].choose(&view, options)
    };
    game.apply_index(ix)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DeckList, Game, Outcome, PlayerId};

    fn deck_a() -> &'static DeckList {
        &crate::testing::sample_decks()[0]
    }

    fn deck_b() -> &'static DeckList {
        &crate::testing::sample_decks()[1]
    }

    fn new_game(seed: u64) -> Game {
        crate::testing::sample_game(seed)
    }

    #[test]
    fn greedy_beats_random_and_games_end() {
        let mut greedy_wins = 0;
        for seed in 0..20 {
            let mut g = new_game(seed);
            g.set_log_choices(false);
            let mut bots: [Box<dyn Bot>; 2] = [Box::new(GreedyBot), Box::new(RandomBot::new(seed))];
            let mut n = 0;
            while step(&mut g, &mut bots).unwrap() {
                n += 1;
                assert!(n < 10_000, "seed {seed} does not end");
            }
            if g.outcome() == Some(Outcome::Winner(PlayerId(0))) {
                greedy_wins += 1;
            }
        }
        assert!(greedy_wins >= 15, "greedy won only {greedy_wins} of 20");
    }

    #[test]
    fn a_reseeded_new_game_is_the_new_game_of_that_seed() {
        let g = new_game(0);
        let (pool, template) = (
            g.pool().clone(),
            crate::State::new_game(g.pool(), [deck_a(), deck_b()], 0).unwrap(),
        );
        for seed in [1, 2, 77] {
            let mut st = template.clone();
            st.reseed(seed);
            let want = crate::State::new_game(&pool, [deck_a(), deck_b()], seed).unwrap();
            assert_eq!(st, want);
        }
    }

    #[test]
    fn an_index_out_of_range_changes_nothing() {
        let mut g = new_game(1);
        let before = (g.state().clone(), g.log().len(), g.decision());
        let n = g.decision_ref().unwrap().options.len();
        assert!(g.apply_index(n).is_err());
        assert_eq!(before, (g.state().clone(), g.log().len(), g.decision()));
        assert_eq!(g.decision_ref().cloned(), g.decision());
    }

    #[test]
    fn the_fast_path_plays_the_same_game_as_labels() {
        // Choosing by index without logged labels gives the same events as `apply`.
        let (mut fast, mut slow) = (new_game(4), new_game(4));
        fast.set_log_choices(false);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        while let Some(d) = slow.decision() {
            assert_eq!(Some(&d), fast.decision_ref());
            let ix = rng.gen_range(0..d.options.len());
            slow.apply(&d.options[ix]).unwrap();
            fast.apply_index(ix).unwrap();
        }
        let events = |g: &Game| -> Vec<crate::LogEntry> {
            g.log()
                .iter()
                .filter(|e| matches!(e, crate::LogEntry::Event(_)))
                .cloned()
                .collect()
        };
        assert_eq!(events(&fast), events(&slow));
        assert_eq!(fast.state(), slow.state());
    }
}
