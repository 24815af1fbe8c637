//! Hidden information: what one player may know of a game (rules 5.3.1.2, 5.4, 5.5.3, 5.7.4,
//! 5.8.3), as a read-only facade over the [`Game`] that bots and the terminal player use.
//!
//! A [`View`] answers only questions whose answers the player may know: their own hand, the
//! rival's hand size, deck sizes (not order), face-down Legends by position (not identity),
//! face-down Eddies as counts, every public area, the turn and phase, the attack in progress,
//! and the current decision's options when it is theirs. [`View::data`] materialises all of it
//! as a plain value; the hidden-information test changes every hidden card and checks that
//! value is unchanged.
//!
//! A face-down Legend is hidden from both players, its owner included (rule 5.7.4.1), unless
//! an effect let the player look at it (`Look at a friendly face-down Legend`): the state
//! records what each player has looked at or searched (rules 5.3.2.1, 11.13) until the card
//! changes area, and only that player's view shows it. Option values ([`Choice`]) name cards by [`InstId`]: those of hidden
//! cards are opaque handles that no view method maps to a card.

use crate::decision::{Choice, DecisionKind};
use crate::game::Game;
use crate::log::{Event, LogEntry, Names};
use crate::pool::{CardIdx, Pool};
use crate::state::{AttackStep, DieArea, DieId, Frame, InstId, Outcome, PlayerId, Target, Zone};
use serde::Serialize;

/// A card the viewer may see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeenCard {
    /// the instance
    pub inst: InstId,
    /// which card
    pub card: CardIdx,
}

/// A Unit on the field (or a face-up Legend) as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenUnit {
    /// the card
    pub card: SeenCard,
    /// its current power (rule 3.17.2)
    pub power: i32,
    /// spent rather than ready
    pub spent: bool,
    /// lagging (rule 11.3)
    pub lag: bool,
    /// equipped Gear
    pub gear: Vec<SeenCard>,
}

/// A card in a Legends area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum SeenLegend {
    /// face-down: only its position (1-based) and orientation
    FaceDown {
        /// its place in the Legends area as set up, 1-based (as in `legend 2`; rule 7.7.2)
        position: usize,
        /// spent rather than ready
        spent: bool,
        /// the card, if the viewer has looked at it
        known: Option<SeenCard>,
    },
    /// face-up: public
    FaceUp(SeenUnit),
}

/// A Gig die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeenDie {
    /// the die
    pub die: DieId,
    /// who brought it
    pub owner: PlayerId,
    /// 4 to 20
    pub sides: u8,
    /// its value
    pub value: u8,
}

/// The attack in progress, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeenAttack {
    /// the attacking player
    pub player: PlayerId,
    /// the attacking Unit
    pub attacker: InstId,
    /// what it attacks (a Blocker replaces the target)
    pub target: Target,
    /// the step
    pub step: AttackStep,
}

/// The phase of the turn (rule 8.1), or setup before the first turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SeenPhase {
    /// pre-game setup (rule 7)
    Setup,
    /// the Start Phase (rule 8.6)
    Start,
    /// the Main Phase (rule 8.9)
    Main,
    /// the End of Turn (rule 8.16)
    End,
    /// the game is over
    Over,
}

impl SeenPhase {
    /// The phase in words, as the rules name it (`Main Phase`).
    pub fn words(self) -> &'static str {
        match self {
            SeenPhase::Setup => "setup",
            SeenPhase::Start => "Start Phase",
            SeenPhase::Main => "Main Phase",
            SeenPhase::End => "End of Turn",
            SeenPhase::Over => "game over",
        }
    }
}

impl AttackStep {
    /// The step of an attack in words, as the rules name it (`React Step`, rules 9.7, 9.16,
    /// 9.23); the steps the engine takes inside one of the rules' steps share its name.
    pub fn words(self) -> &'static str {
        match self {
            AttackStep::Declared => "attack declared",
            AttackStep::Window => "attack declared, before the React Step",
            AttackStep::React => "React Step",
            AttackStep::Fight | AttackStep::FightResult => "Fight Step",
            AttackStep::Steal
            | AttackStep::StealChoose
            | AttackStep::StealPrevent
            | AttackStep::StealMove => "Steal Step",
            AttackStep::End => "attack ending",
        }
    }
}

/// What the viewer's decision is about, in words: the card it is about (when the viewer may
/// see it), the words of the ability that asks, and the question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenPrompt {
    /// the card whose ability, play, payment or attack the decision is part of
    pub card: Option<SeenCard>,
    /// the words of the ability that asks, as printed
    pub ability: Option<String>,
    /// the question
    pub question: String,
}

/// One side of the table as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenSide {
    /// the hand, when it is the viewer's own (`None` for the rival)
    pub hand: Option<Vec<SeenCard>>,
    /// cards in hand
    pub hand_size: usize,
    /// cards in the deck
    pub deck_size: usize,
    /// the field
    pub field: Vec<SeenUnit>,
    /// the Legends area, left to right
    pub legends: Vec<SeenLegend>,
    /// ready Eddies
    pub eddies_ready: usize,
    /// spent Eddies
    pub eddies_spent: usize,
    /// the trash, bottom first
    pub trash: Vec<SeenCard>,
    /// removed from the game
    pub removed: Vec<SeenCard>,
    /// the Gig area, in die order
    pub gigs: Vec<SeenDie>,
    /// the fixer area, in die order
    pub fixer: Vec<SeenDie>,
}

/// Everything a [`View`] shows, as one plain value (for tests and tools).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ViewData {
    /// the viewer
    pub me: PlayerId,
    /// the game turn number
    pub turn: u16,
    /// whose turn it is
    pub turn_player: PlayerId,
    /// the phase
    pub phase: SeenPhase,
    /// overtime has begun
    pub overtime: bool,
    /// the attack in progress
    pub attack: Option<SeenAttack>,
    /// the result, once over
    pub outcome: Option<Outcome>,
    /// who decides now
    pub decider: Option<PlayerId>,
    /// the decision's kind and option labels, when the viewer decides
    pub decision: Option<(DecisionKind, Vec<Choice>, Vec<String>)>,
    /// the decision in words, when the viewer decides
    pub prompt: Option<SeenPrompt>,
    /// each player's Street Cred, the viewer's first
    pub street_cred: [Option<u32>; 2],
    /// the viewer's side, then the rival's
    pub sides: [SeenSide; 2],
}

/// What player `me` may know of a game. Cheap to make (it borrows the game); every method
/// answers only from information the player has.
#[derive(Clone, Copy)]
pub struct View<'a> {
    game: &'a Game,
    me: PlayerId,
}

impl Game {
    /// What player `p` may know of this game.
    pub fn view(&self, p: PlayerId) -> View<'_> {
        View { game: self, me: p }
    }
}

impl<'a> View<'a> {
    /// The viewer.
    pub fn me(&self) -> PlayerId {
        self.me
    }

    /// The rival.
    pub fn rival(&self) -> PlayerId {
        self.me.other()
    }

    /// The card pool (public card facts).
    pub fn pool(&self) -> &'a Pool {
        &self.game.pool
    }

    /// A card's id.
    pub fn id(&self, c: SeenCard) -> &'a str {
        self.game.pool.id(c.card)
    }

    /// The game turn number.
    pub fn turn(&self) -> u16 {
        self.game.state.turn
    }

    /// Whose turn it is.
    pub fn turn_player(&self) -> PlayerId {
        self.game.state.turn_player
    }

    /// Whether overtime has begun.
    pub fn overtime(&self) -> bool {
        self.game.state.overtime
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.state.outcome
    }

    /// The phase of the turn.
    pub fn phase(&self) -> SeenPhase {
        if self.game.state.outcome.is_some() {
            return SeenPhase::Over;
        }
        for f in self.game.state.frames.iter().rev() {
            match f {
                Frame::Setup(_) => return SeenPhase::Setup,
                Frame::Start(_) => return SeenPhase::Start,
                Frame::End(_) => return SeenPhase::End,
                Frame::Main | Frame::Attack(_) => return SeenPhase::Main,
                _ => {}
            }
        }
        SeenPhase::Main
    }

    /// The innermost attack in progress.
    pub fn attack(&self) -> Option<SeenAttack> {
        self.game.state.frames.iter().rev().find_map(|f| match f {
            Frame::Attack(a) => Some(SeenAttack {
                player: a.player,
                attacker: a.attacker,
                target: a.target,
                step: a.step,
            }),
            _ => None,
        })
    }

    /// Who decides now (public: the table sees whom it waits for).
    pub fn decider(&self) -> Option<PlayerId> {
        self.game.decision_ref().map(|d| d.player)
    }

    /// The current decision's kind and options, when the viewer decides.
    pub fn decision(&self) -> Option<(DecisionKind, &'a [Choice])> {
        let d = self.game.decision_ref()?;
        (d.player == self.me).then_some((d.prompt, d.options.as_slice()))
    }

    /// The labels of the viewer's current options.
    pub fn labels(&self) -> Vec<String> {
        match self.game.decision_ref() {
            Some(d) if d.player == self.me => self.game.labels(d),
            _ => Vec::new(),
        }
    }

    /// A player's Street Cred: the sum of their Gigs' values, `None` (null) with no Gigs (rule
    /// 11.2.3). Gigs are public.
    pub fn street_cred(&self, p: PlayerId) -> Option<u32> {
        self.game.state.street_cred(p)
    }

    /// Who owns a card the viewer may see (`None` for a card they can't).
    pub fn owner(&self, i: InstId) -> Option<PlayerId> {
        self.card(i)?;
        self.game.state.inst(i).map(|x| x.owner)
    }

    /// Who controls a card the viewer may see (`None` for a card they can't).
    pub fn controller(&self, i: InstId) -> Option<PlayerId> {
        self.card(i)?;
        self.game.state.inst(i).map(|x| x.controller)
    }

    /// A card's printed name.
    pub fn name(&self, c: SeenCard) -> &'a str {
        self.game.pool.name(c.card)
    }

    /// The viewer's decision in words (`None` when the viewer does not decide now): the card
    /// it is about, the words of the ability asking, and the question.
    pub fn prompt(&self) -> Option<SeenPrompt> {
        let (kind, _) = self.decision()?;
        let st = &self.game.state;
        let pool = &self.game.pool;
        // The innermost frame that says what the decision is part of.
        let mut card = None;
        let mut ability = None;
        let mut remaining = None;
        let mut steal = None;
        for f in st.frames.iter().rev() {
            let (c, line) = match f {
                Frame::Pay { remaining: r, .. } => {
                    remaining.get_or_insert(*r);
                    continue;
                }
                Frame::Run(run) => (run.source, Some(run.line)),
                Frame::Activate(a) => (a.source, Some(a.line)),
                Frame::Play { inst, .. }
                | Frame::ProgramEnd { inst }
                | Frame::SpendToPlay { inst, .. } => (*inst, None),
                Frame::Equip { gear } => (*gear, None),
                Frame::Call { legend } => (*legend, None),
                Frame::Replace { source, .. } => (*source, None),
                Frame::ReplaceChoose { affected, .. } => (*affected, None),
                Frame::Attack(a) => {
                    steal = Some(a.to_steal);
                    (a.attacker, None)
                }
                Frame::Setup(_) | Frame::Start(_) | Frame::Main | Frame::End(_) => break,
            };
            card = self.card(c);
            ability = card
                .zip(line)
                .and_then(|(c, l)| pool.ability_words(c.card, l))
                .map(str::to_owned);
            break;
        }
        let question = match kind {
            DecisionKind::TurnOrder => "do you go first or second?".to_owned(),
            DecisionKind::Mulligan => {
                "do you keep your opening hand, or mulligan it (rule 7.9)?".to_owned()
            }
            DecisionKind::RollIn => "which Gig do you roll in from your fixer?".to_owned(),
            DecisionKind::MainAction => "what do you do? (`pass` ends your turn)".to_owned(),
            DecisionKind::Pay => match remaining {
                Some(n) => format!("{n} €$ to pay: with which Eddies and Legends?"),
                None => "with which Eddies and Legends do you pay?".to_owned(),
            },
            DecisionKind::EquipTarget => "what does the Gear equip to?".to_owned(),
            DecisionKind::Reaction => "how do you react? (`pass` ends the React Step)".to_owned(),
            DecisionKind::StealGig => match steal {
                Some(n) if n > 1 => format!("which Gig do you steal? ({n} to choose)"),
                _ => "which Gig do you steal?".to_owned(),
            },
            DecisionKind::PendingOrder => "which pending effect resolves next?".to_owned(),
            DecisionKind::May => "do you? (`you may`: yes or no)".to_owned(),
            DecisionKind::EffectCard => "which card?".to_owned(),
            DecisionKind::EffectGig => "which Gig?".to_owned(),
            DecisionKind::Mode => "which mode?".to_owned(),
            DecisionKind::Number => "how much?".to_owned(),
            DecisionKind::CardType => "which card type?".to_owned(),
            DecisionKind::Replace => "does the replacement effect apply?".to_owned(),
        };
        Some(SeenPrompt {
            card,
            ability,
            question,
        })
    }

    fn seen(&self, i: InstId) -> Option<SeenCard> {
        self.game.state.inst(i).map(|x| SeenCard {
            inst: i,
            card: x.card,
        })
    }

    fn seen_list(&self, list: &[InstId]) -> Vec<SeenCard> {
        list.iter().filter_map(|&i| self.seen(i)).collect()
    }

    /// The viewer's hand.
    pub fn hand(&self) -> Vec<SeenCard> {
        self.seen_list(&self.game.state.player(self.me).hand)
    }

    /// Cards in a player's hand.
    pub fn hand_size(&self, p: PlayerId) -> usize {
        self.game.state.player(p).hand.len()
    }

    /// Cards in a player's deck.
    pub fn deck_size(&self, p: PlayerId) -> usize {
        self.game.state.player(p).deck.len()
    }

    /// A face-up card in play with its power and orientation.
    pub fn unit(&self, i: InstId) -> Option<SeenUnit> {
        let x = self.game.state.inst(i)?;
        let public = x.face_up && matches!(x.zone, Zone::Field | Zone::Legends);
        public.then(|| SeenUnit {
            card: SeenCard {
                inst: i,
                card: x.card,
            },
            power: self.game.power_of(i),
            spent: x.spent,
            lag: x.lag,
            gear: self
                .game
                .state
                .gear_of(i)
                .filter_map(|g| self.seen(g))
                .collect(),
        })
    }

    /// A player's field.
    pub fn field(&self, p: PlayerId) -> Vec<SeenUnit> {
        let st = &self.game.state;
        st.player(p)
            .field
            .iter()
            .filter_map(|&u| self.unit(u))
            .collect()
    }

    /// A player's Legends area: face-down Legends by position only.
    pub fn legends(&self, p: PlayerId) -> Vec<SeenLegend> {
        let st = &self.game.state;
        st.player(p)
            .legends
            .iter()
            .map(|&l| match self.unit(l) {
                Some(u) => SeenLegend::FaceUp(u),
                None => SeenLegend::FaceDown {
                    position: st.legend_place(l),
                    spent: st.inst(l).is_some_and(|x| x.spent),
                    known: self.looked(l).then(|| self.seen(l)).flatten(),
                },
            })
            .collect()
    }

    /// A player's Eddies: (ready, spent) counts.
    pub fn eddies(&self, p: PlayerId) -> (usize, usize) {
        let st = &self.game.state;
        let list = &st.player(p).eddies;
        let spent = list
            .iter()
            .filter(|&&e| st.inst(e).is_some_and(|x| x.spent))
            .count();
        (list.len() - spent, spent)
    }

    /// A player's trash, bottom first.
    pub fn trash(&self, p: PlayerId) -> Vec<SeenCard> {
        self.seen_list(&self.game.state.player(p).trash)
    }

    /// Cards a player has removed from the game.
    pub fn removed(&self, p: PlayerId) -> Vec<SeenCard> {
        self.seen_list(&self.game.state.player(p).removed)
    }

    fn dice_in(&self, area: DieArea) -> Vec<SeenDie> {
        self.game
            .state
            .dice
            .iter()
            .enumerate()
            .filter(|(_, d)| d.area == area)
            .map(|(k, d)| SeenDie {
                die: DieId(k as u8),
                owner: d.owner,
                sides: d.sides,
                value: d.value,
            })
            .collect()
    }

    /// A player's Gig area.
    pub fn gigs(&self, p: PlayerId) -> Vec<SeenDie> {
        self.dice_in(DieArea::Gigs(p))
    }

    /// A player's fixer area.
    pub fn fixer(&self, p: PlayerId) -> Vec<SeenDie> {
        self.dice_in(DieArea::Fixer(p))
    }

    /// The Gig die `d`, wherever it is (dice are public).
    pub fn die(&self, d: DieId) -> Option<SeenDie> {
        self.game.state.dice.get(d.0 as usize).map(|x| SeenDie {
            die: d,
            owner: x.owner,
            sides: x.sides,
            value: x.value,
        })
    }

    /// Whether an effect let the viewer look at this hidden card (rules 5.3.2.1, 11.13).
    fn looked(&self, i: InstId) -> bool {
        self.game.state.seen.contains(&(self.me, i))
    }

    /// A card the viewer may see, wherever it is: a public card, one in their own hand, or one
    /// an effect let them look at.
    pub fn card(&self, i: InstId) -> Option<SeenCard> {
        let x = self.game.state.inst(i)?;
        let visible = self.looked(i)
            || match x.zone {
                Zone::Hand => x.owner == self.me,
                Zone::Deck => false,
                Zone::Legends | Zone::Eddies => x.face_up,
                Zone::Field => x.face_up || x.equipped_to.is_some(),
                Zone::Trash | Zone::Removed | Zone::Resolving => true,
            };
        visible.then_some(SeenCard {
            inst: i,
            card: x.card,
        })
    }

    /// One side of the table.
    pub fn side(&self, p: PlayerId) -> SeenSide {
        let (eddies_ready, eddies_spent) = self.eddies(p);
        SeenSide {
            hand: (p == self.me).then(|| self.hand()),
            hand_size: self.hand_size(p),
            deck_size: self.deck_size(p),
            field: self.field(p),
            legends: self.legends(p),
            eddies_ready,
            eddies_spent,
            trash: self.trash(p),
            removed: self.removed(p),
            gigs: self.gigs(p),
            fixer: self.fixer(p),
        }
    }

    /// Everything this view shows, as one value.
    pub fn data(&self) -> ViewData {
        ViewData {
            me: self.me,
            turn: self.turn(),
            turn_player: self.turn_player(),
            phase: self.phase(),
            overtime: self.overtime(),
            attack: self.attack(),
            outcome: self.outcome(),
            decider: self.decider(),
            decision: self.decision().map(|(k, o)| (k, o.to_vec(), self.labels())),
            prompt: self.prompt(),
            street_cred: [self.street_cred(self.me), self.street_cred(self.rival())],
            sides: [self.side(self.me), self.side(self.rival())],
        }
    }

    /// A log entry in plain words as the viewer may read it: the rival's draws are "a card",
    /// and a card the viewer can't see now is named by where it is, never by its id.
    pub fn describe(&self, e: &LogEntry) -> String {
        self.describe_with(e, &Names::SEATS)
    }

    /// [`View::describe`] with the players named by `names` (`Names::to` for the viewer's
    /// own reading: `you draw chrome-fang`, `the bot draws a card`).
    pub fn describe_with(&self, e: &LogEntry, names: &Names<'_>) -> String {
        let who = |p: PlayerId| names.who[p.ix()];
        match e {
            LogEntry::Event(Event::Drew { player, .. }) if *player != self.me => {
                let v = names.verb(*player, "draws", "draw");
                format!("{} {v} a card", who(*player))
            }
            LogEntry::Event(ev) if self.hides(ev) => match *ev {
                Event::Moved { from, to, .. } => {
                    format!("a card moves from {} to {}", from.as_str(), to.as_str())
                }
                Event::Spent(_) => "a face-down card is spent".into(),
                Event::Readied(_) => "a face-down card readies".into(),
                Event::LookedAt { player, .. } => {
                    let v = names.verb(player, "looks", "look");
                    format!("{} {v} at a hidden card", who(player))
                }
                _ => "a hidden card changes".into(),
            },
            _ => self.game.describe_with(e, names),
        }
    }

    /// Whether describing an event would name a card the viewer can't see.
    fn hides(&self, ev: &Event) -> bool {
        let hidden = |i: InstId| self.card(i).is_none();
        match *ev {
            Event::Moved { inst, from, to } => {
                let secret = |z: Zone| matches!(z, Zone::Deck | Zone::Hand | Zone::Eddies);
                hidden(inst) || (secret(from) && secret(to) && !self.owns(inst))
            }
            Event::Spent(i)
            | Event::Readied(i)
            | Event::Sold(i)
            | Event::Called(i)
            | Event::Played(i)
            | Event::Defeated(i)
            | Event::LostFight(i)
            | Event::Blocked(i)
            | Event::ProgramResolved(i)
            | Event::LookedAt { inst: i, .. } => hidden(i),
            _ => false,
        }
    }

    fn owns(&self, i: InstId) -> bool {
        self.game.state.inst(i).is_some_and(|x| x.owner == self.me)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn sample_game(seed: u64, choices: usize) -> Game {
        let mut g = crate::testing::sample_game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..choices {
            let Some(d) = g.decision_ref() else { break };
            let ix = rng.gen_range(0..d.options.len());
            g.apply_index(ix).unwrap();
        }
        g
    }

    /// Gives the hidden cards of `cards` a random permutation of their identities.
    fn permute(g: &mut Game, cards: &[InstId], rng: &mut ChaCha8Rng) {
        let mut ids: Vec<CardIdx> = cards
            .iter()
            .map(|&i| g.state.instances[i.0 as usize].card)
            .collect();
        ids.shuffle(rng);
        for (&i, c) in cards.iter().zip(ids) {
            g.state.instances[i.0 as usize].card = c;
        }
    }

    #[test]
    fn changing_every_hidden_card_leaves_the_view_unchanged() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut checked = 0;
        for seed in 0..40 {
            let g = sample_game(seed, 20 + (seed as usize * 7) % 90);
            if g.outcome().is_some() {
                continue;
            }
            for me in PlayerId::BOTH {
                let before = g.view(me).data();
                let mut h = g.clone();
                let rival = me.other();
                // the rival's hand and deck hold the same multiset of cards, any way round
                let mut secret: Vec<InstId> = h.state.player(rival).hand.clone();
                secret.extend(h.state.player(rival).deck.clone());
                permute(&mut h, &secret, &mut rng);
                // both decks in any order
                for p in PlayerId::BOTH {
                    h.state.players[p.ix()].deck.shuffle(&mut rng);
                }
                // face-down Legends and Eddies of both players swap identities (except those
                // an effect let the viewer look at)
                for p in PlayerId::BOTH {
                    let pl = h.state.player(p).clone();
                    let down = |list: &[InstId]| -> Vec<InstId> {
                        list.iter()
                            .copied()
                            .filter(|&i| !h.state.instances[i.0 as usize].face_up)
                            .filter(|&i| !h.state.seen.contains(&(me, i)))
                            .collect()
                    };
                    let (legends, eddies) = (down(&pl.legends), down(&pl.eddies));
                    permute(&mut h, &legends, &mut rng);
                    permute(&mut h, &eddies, &mut rng);
                }
                // and the future rolls change
                h.state.rng = ChaCha8Rng::seed_from_u64(rng.gen());
                h.invalidate();
                assert_eq!(before, h.view(me).data(), "seed {seed}, viewer p{}", me.0);
                checked += 1;
            }
        }
        assert!(checked > 40, "only {checked} positions checked");
    }

    #[test]
    fn the_rival_sees_no_options_and_no_hand() {
        let g = sample_game(3, 30);
        let d = g.decision_ref().unwrap();
        let other = g.view(d.player.other()).data();
        assert!(other.decision.is_none());
        assert!(other.sides[1].hand.is_none());
        assert!(g.view(d.player).data().decision.is_some());
    }

    #[test]
    fn the_rivals_draws_are_described_without_names() {
        let g = sample_game(5, 40);
        let v = g.view(PlayerId(0));
        let text: Vec<String> = g.log().iter().map(|e| v.describe(e)).collect();
        assert!(text.iter().any(|t| t == "p1 draws a card"));
        assert!(text
            .iter()
            .any(|t| t.starts_with("p0 draws ") && t != "p0 draws a card"));
    }

    #[test]
    fn a_looked_at_face_down_legend_is_shown_to_that_player_only() {
        let mut g = sample_game(5, 40);
        let l = g.state.players[0]
            .legends
            .iter()
            .copied()
            .find(|&l| g.state.inst(l).is_some_and(|x| !x.face_up))
            .expect("a face-down Legend");
        let known = |g: &Game, p: u8| {
            g.view(PlayerId(p))
                .legends(PlayerId(0))
                .iter()
                .any(|x| matches!(x, SeenLegend::FaceDown { known: Some(c), .. } if c.inst == l))
        };
        assert!(!known(&g, 0) && !known(&g, 1));
        g.state.seen.push((PlayerId(0), l));
        assert!(known(&g, 0));
        assert!(!known(&g, 1));
        assert!(g.view(PlayerId(0)).card(l).is_some());
        assert!(g.view(PlayerId(1)).card(l).is_none());
        let ev = LogEntry::Event(Event::LookedAt {
            player: PlayerId(0),
            inst: l,
        });
        assert_eq!(
            g.view(PlayerId(1)).describe(&ev),
            "p0 looks at a hidden card"
        );
        assert!(!g.view(PlayerId(1)).describe(&ev).contains(
            g.view(PlayerId(0))
                .id(g.view(PlayerId(0)).card(l).expect("seen"))
        ));
    }

    /// Plays random choices from `seed` until `stop` holds for the decision (at most 3,000).
    fn play_until(seed: u64, stop: impl Fn(&Game) -> bool) -> Option<Game> {
        let mut g = sample_game(seed, 0);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        for _ in 0..3000 {
            if stop(&g) {
                return Some(g);
            }
            let d = g.decision_ref()?;
            let ix = rng.gen_range(0..d.options.len());
            g.apply_index(ix).unwrap();
        }
        None
    }

    #[test]
    fn a_player_reads_the_log_spoken_to() {
        let g = sample_game(5, 40);
        let v = g.view(PlayerId(0));
        let names = Names::to(PlayerId(0), "the bot", "the bot's");
        let text: Vec<String> = g.log().iter().map(|e| v.describe_with(e, &names)).collect();
        let all = text.join("\n");
        assert!(text.iter().any(|t| t.starts_with("you draw ")), "{all}");
        assert!(text.iter().any(|t| t == "the bot draws a card"), "{all}");
        assert!(text.iter().any(|t| t.starts_with("turn 1: ")), "{all}");
        for wrong in [
            "you draws",
            "you keeps",
            "you is",
            "you goes",
            "you rolls",
            "p0",
            "p1",
        ] {
            assert!(!all.contains(wrong), "`{wrong}` in\n{all}");
        }
        // Seats and scenario names read as before.
        assert!(g.log().iter().any(|e| v.describe(e) == "p1 draws a card"));
    }

    #[test]
    fn street_cred_is_the_sum_of_the_gigs_and_null_without_any() {
        let g = sample_game(4, 0);
        let v = g.view(PlayerId(0));
        assert_eq!(v.street_cred(PlayerId(0)), None);
        let g = play_until(4, |g| g.state.gig_count(PlayerId(1)) >= 2).expect("two Gigs");
        let v = g.view(PlayerId(0));
        let sum: u32 = v.gigs(PlayerId(1)).iter().map(|d| u32::from(d.value)).sum();
        assert_eq!(v.street_cred(PlayerId(1)), Some(sum));
    }

    #[test]
    fn phases_and_attack_steps_are_named_as_the_rules_name_them() {
        assert_eq!(SeenPhase::Main.words(), "Main Phase");
        assert_eq!(SeenPhase::End.words(), "End of Turn");
        assert_eq!(AttackStep::React.words(), "React Step");
        assert_eq!(AttackStep::StealChoose.words(), "Steal Step");
        assert_eq!(AttackStep::FightResult.words(), "Fight Step");
    }

    #[test]
    fn a_prompt_names_the_card_paid_for_and_the_amount_left() {
        let g = (0..40)
            .find_map(|seed| {
                play_until(seed, |g| {
                    g.decision_ref()
                        .is_some_and(|d| d.prompt == DecisionKind::Pay)
                        && g.state
                            .frames
                            .iter()
                            .any(|f| matches!(f, Frame::Play { .. }))
                })
            })
            .expect("a payment for a play");
        let me = g.decision_ref().unwrap().player;
        let p = g.view(me).prompt().expect("the payer's prompt");
        let Some(Frame::Pay { remaining, .. }) = g.state.frames.last() else {
            panic!("paying");
        };
        assert_eq!(
            p.question,
            format!("{remaining} €$ to pay: with which Eddies and Legends?")
        );
        let played = g.state.frames.iter().rev().find_map(|f| match f {
            Frame::Play { inst, .. } => Some(*inst),
            _ => None,
        });
        assert_eq!(p.card.map(|c| c.inst), played);
        // The rival has no prompt.
        assert_eq!(g.view(me.other()).prompt(), None);
    }

    #[test]
    fn a_prompt_of_card_text_gives_the_words_of_the_ability_asking() {
        let g = (0..60)
            .find_map(|seed| {
                play_until(seed, |g| {
                    g.decision_ref()
                        .is_some_and(|d| d.prompt == DecisionKind::May)
                        && matches!(g.state.frames.last(), Some(Frame::Run(_)))
                })
            })
            .expect("a `you may` of card text");
        let me = g.decision_ref().unwrap().player;
        let p = g.view(me).prompt().expect("a prompt");
        let Some(Frame::Run(run)) = g.state.frames.last() else {
            panic!("an effect");
        };
        let c = p.card.expect("the card is visible");
        assert_eq!(c.inst, run.source);
        let words = p.ability.expect("the ability's words");
        let printed = g.pool.printed(c.card).expect("printed");
        let whole = format!("{}\n{}", printed.top.as_deref().unwrap_or(""), printed.text);
        assert!(whole.contains(&words), "`{words}` in `{whole}`");
        assert!(words.contains("may"), "{words}");
    }
}
