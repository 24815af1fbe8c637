//! Building a state: a new game from two decks, or any position from a plain-data [`Setup`]
//! (what the scenario runner builds from a ruling).

use super::{
    Die, DieArea, Frame, InstId, Instance, Player, PlayerId, SetupStep, StartStep, State, Zone,
    DICE_SIDES,
};
use crate::error::SetupError;
use crate::pool::{CardIdx, Pool};
use gigscript_dsl::CardType;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A card placed by a setup, with its state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardSpec {
    /// card id
    pub id: String,
    /// spent rather than ready
    pub spent: bool,
    /// face-up; default: face-down in the Legends and Eddies areas, face-up elsewhere
    pub face_up: Option<bool>,
    /// lagging
    pub lag: bool,
    /// ids of Gear equipped to it (field and Legends area only)
    pub gear: Vec<String>,
}

impl From<&str> for CardSpec {
    fn from(id: &str) -> Self {
        CardSpec {
            id: id.to_owned(),
            ..CardSpec::default()
        }
    }
}

/// A Gig die placed by a setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DieSpec {
    /// whose die it is
    pub owner: PlayerId,
    /// 4, 6, 8, 10, 12 or 20
    pub sides: u8,
    /// its value
    pub value: u8,
}

/// The phase a setup starts in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// the start of the turn player's Start Phase
    Start,
    /// the open Main Phase
    #[default]
    Main,
}

/// What one player has in a setup.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSetup {
    /// hand
    pub hand: Vec<CardSpec>,
    /// field
    pub field: Vec<CardSpec>,
    /// Legends area, left to right
    pub legends: Vec<CardSpec>,
    /// Eddies area (face-down, ready unless `spent`)
    pub eddies: Vec<CardSpec>,
    /// deck, **top first**
    pub deck: Vec<CardSpec>,
    /// trash, bottom first
    pub trash: Vec<CardSpec>,
    /// removed from the game
    pub removed: Vec<CardSpec>,
    /// dice in this player's Gig area (any owner)
    pub gigs: Vec<DieSpec>,
    /// sides of this player's dice left in their fixer; `None`: every die of theirs placed in
    /// no Gig area
    pub fixer: Option<Vec<u8>>,
}

/// A whole position, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// the two players
    pub players: [PlayerSetup; 2],
    /// whose turn it is
    pub turn_player: PlayerId,
    /// the game turn number
    pub turn: u16,
    /// the phase
    pub phase: Phase,
    /// whether overtime has begun
    pub overtime: bool,
    /// the RNG seed
    pub seed: u64,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            players: Default::default(),
            turn_player: PlayerId(0),
            turn: 3,
            phase: Phase::Main,
            overtime: false,
            seed: 0,
        }
    }
}

/// A deck as card ids: three Legends and the main deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeckList {
    /// the Legends
    pub legends: Vec<String>,
    /// the main deck, one id per copy
    pub main: Vec<String>,
}

impl DeckList {
    /// The ids of a loaded deck file.
    pub fn from_deck(deck: &gigscript_dsl::Deck) -> Self {
        DeckList {
            legends: deck.legend_ids().into_iter().map(str::to_owned).collect(),
            main: deck.main_ids().into_iter().map(str::to_owned).collect(),
        }
    }
}

fn empty_state(seed: u64) -> State {
    State {
        instances: Vec::new(),
        dice: Vec::new(),
        players: Default::default(),
        turn: 0,
        turn_player: PlayerId(0),
        first_player: None,
        frames: Vec::new(),
        pending: Vec::new(),
        resolving: None,
        next_seq: 0,
        effects: Vec::new(),
        triggers: Vec::new(),
        replacements: Vec::new(),
        unready_first_turn: Vec::new(),
        seen: Vec::new(),
        bottom_after_play: Vec::new(),
        left_hosts: Vec::new(),
        overtime: false,
        empty_fixer_turns: 0,
        won: [false; 2],
        lost: [false; 2],
        outcome: None,
        rng: ChaCha8Rng::seed_from_u64(seed),
        replace_answers: Vec::new(),
        history: Default::default(),
        acting: None,
        lasting: Vec::new(),
        delayed_runs: Vec::new(),
        pending_binds: Vec::new(),
    }
}

fn card(pool: &Pool, id: &str) -> Result<CardIdx, SetupError> {
    pool.index_of(id)
        .ok_or_else(|| SetupError::UnknownCard(id.to_owned()))
}

fn new_inst(
    st: &mut State,
    card: CardIdx,
    owner: PlayerId,
    zone: Zone,
) -> Result<InstId, SetupError> {
    let id = u16::try_from(st.instances.len()).map_err(|_| SetupError::TooManyCards)?;
    st.instances.push(Instance {
        card,
        owner,
        controller: owner,
        zone,
        face_up: !matches!(zone, Zone::Legends | Zone::Eddies | Zone::Deck | Zone::Hand),
        spent: false,
        lag: false,
        equipped_to: None,
        entered_turn: 0,
        go_solo: false,
    });
    if let Some(list) = st.players[owner.ix()].zone_mut(zone) {
        list.push(InstId(id));
    }
    Ok(InstId(id))
}

impl State {
    /// A new game between two decks, at the start of setup (rule 7.4). Player 0 and player 1
    /// are seats only; the seeded roll decides who picks the turn order.
    pub fn new_game(pool: &Pool, decks: [&DeckList; 2], seed: u64) -> Result<State, SetupError> {
        let mut st = empty_state(seed);
        for p in PlayerId::BOTH {
            let deck = decks[p.ix()];
            for id in &deck.legends {
                new_inst(&mut st, card(pool, id)?, p, Zone::Legends)?;
            }
            for id in &deck.main {
                new_inst(&mut st, card(pool, id)?, p, Zone::Deck)?;
            }
            push_dice(&mut st, p);
        }
        st.frames.push(Frame::Setup(SetupStep::RollFirst));
        Ok(st)
    }

    /// A position built from plain data, ready for [`crate::Game::from_state`].
    pub fn from_setup(pool: &Pool, setup: &Setup) -> Result<State, SetupError> {
        let mut st = empty_state(setup.seed);
        st.turn = setup.turn.max(1);
        st.turn_player = PlayerId(setup.turn_player.0 & 1);
        st.first_player = Some(if st.turn % 2 == 1 {
            st.turn_player
        } else {
            st.turn_player.other()
        });
        st.overtime = setup.overtime;
        for p in PlayerId::BOTH {
            st.players[p.ix()] = Player {
                mulligan_done: true,
                turns_taken: st.turn.div_ceil(2),
                ..Player::default()
            };
        }
        for p in PlayerId::BOTH {
            push_dice(&mut st, p);
        }
        let mut placed = [false; 12];
        for p in PlayerId::BOTH {
            for d in &setup.players[p.ix()].gigs {
                let Some(k) = DICE_SIDES.iter().position(|&s| s == d.sides) else {
                    return Err(SetupError::BadDie(format!("d{}", d.sides)));
                };
                let ix = (d.owner.ix()) * 6 + k;
                if placed[ix] || d.value == 0 || d.value > d.sides {
                    return Err(SetupError::BadDie(format!("d{}:{}", d.sides, d.value)));
                }
                placed[ix] = true;
                st.dice[ix].value = d.value;
                st.dice[ix].area = DieArea::Gigs(p);
            }
        }
        for p in PlayerId::BOTH {
            match &setup.players[p.ix()].fixer {
                None => {
                    for k in 0..6 {
                        if !placed[p.ix() * 6 + k] {
                            st.dice[p.ix() * 6 + k].area = DieArea::Fixer(p);
                        }
                    }
                }
                Some(list) => {
                    for &sides in list {
                        let Some(k) = DICE_SIDES.iter().position(|&s| s == sides) else {
                            return Err(SetupError::BadDie(format!("d{sides}")));
                        };
                        if placed[p.ix() * 6 + k] {
                            return Err(SetupError::BadDie(format!("d{sides}")));
                        }
                        placed[p.ix() * 6 + k] = true;
                        st.dice[p.ix() * 6 + k].area = DieArea::Fixer(p);
                    }
                }
            }
        }
        for p in PlayerId::BOTH {
            let ps = &setup.players[p.ix()];
            let zones: [(&Vec<CardSpec>, Zone); 7] = [
                (&ps.hand, Zone::Hand),
                (&ps.field, Zone::Field),
                (&ps.legends, Zone::Legends),
                (&ps.eddies, Zone::Eddies),
                (&ps.deck, Zone::Deck),
                (&ps.trash, Zone::Trash),
                (&ps.removed, Zone::Removed),
            ];
            for (specs, zone) in zones {
                // Decks are stored bottom first; setups list them top first.
                let ordered: Vec<&CardSpec> = if zone == Zone::Deck {
                    specs.iter().rev().collect()
                } else {
                    specs.iter().collect()
                };
                for spec in ordered {
                    let idx = card(pool, &spec.id)?;
                    let id = new_inst(&mut st, idx, p, zone)?;
                    let inst = &mut st.instances[id.0 as usize];
                    inst.spent = spec.spent;
                    inst.lag = spec.lag;
                    if let Some(up) = spec.face_up {
                        inst.face_up = up;
                    }
                    if zone == Zone::Field && pool.facts(idx).kind == CardType::Legend {
                        inst.face_up = true;
                    }
                    if !spec.gear.is_empty() && !zone.keeps_gear() {
                        return Err(SetupError::BadGear(spec.id.clone()));
                    }
                    for g in &spec.gear {
                        let gidx = card(pool, g)?;
                        if pool.facts(gidx).kind != CardType::Gear {
                            return Err(SetupError::BadGear(g.clone()));
                        }
                        let gid = new_inst(&mut st, gidx, p, Zone::Resolving)?;
                        let gi = &mut st.instances[gid.0 as usize];
                        gi.zone = zone;
                        gi.face_up = true;
                        gi.equipped_to = Some(id);
                    }
                }
            }
        }
        // The Legends listed are placed in that order (rule 7.7.2).
        for pl in &mut st.players {
            pl.places.clone_from(&pl.legends);
        }
        // Rule 1.11.1: the turn shown counts as one that began with both fixers empty if both
        // are empty now (earlier turns are unknown; a setup says `overtime` when it has begun).
        if PlayerId::BOTH.iter().all(|&p| st.fixer(p).next().is_none()) {
            st.empty_fixer_turns = 1;
        }
        st.frames.push(match setup.phase {
            Phase::Main => Frame::Main,
            Phase::Start => Frame::Start(StartStep::WinCheck),
        });
        Ok(st)
    }
}

/// A player's six Gig dice (rule 7.2), out of the game until setup places them.
fn push_dice(st: &mut State, p: PlayerId) {
    for sides in DICE_SIDES {
        st.dice.push(Die {
            owner: p,
            sides,
            value: sides,
            area: DieArea::Out,
        });
    }
}
