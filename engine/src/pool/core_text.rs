//! A card's core ([`CardCore`], the lowered text) with the per-card facts the rules and the
//! executor read cheaply, computed once when the pool is built: which lines trigger on which
//! timing labels, turns and kinds of event, which lines are statics, activated abilities, cost
//! rules, replacement effects and a Program's resolution, and the kinds of statement the text
//! can make.

use gigscript_dsl::prim::{
    self, Ability, Body, CardCore, Costed, EventKind, Label, Op, OpKind, Say, TriggerOn, Who,
};

/// The bit of an event kind in a set of kinds.
pub fn kind_bit(k: EventKind) -> u32 {
    1u32 << (k as u32)
}

/// The bits of the kinds of statement ([`say_bit`]).
pub mod says {
    /// `has +2 power`
    pub const POWER: u32 = 1 << 0;
    /// `double this Unit's power`
    pub const DOUBLE_POWER: u32 = 1 << 1;
    /// `has {Blocker}`
    pub const KEYWORD: u32 = 1 << 2;
    /// `can't attack`
    pub const CANT_ATTACK: u32 = 1 << 3;
    /// `can attack …`
    pub const CAN_ATTACK: u32 = 1 << 4;
    /// `can only attack …`
    pub const CAN_ONLY_ATTACK: u32 = 1 << 5;
    /// `must attack`
    pub const MUST_ATTACK: u32 = 1 << 6;
    /// `can't be blocked`
    pub const CANT_BE_BLOCKED: u32 = 1 << 7;
    /// `can't block`
    pub const CANT_BLOCK: u32 = 1 << 8;
    /// `can't be defeated`
    pub const CANT_BE_DEFEATED: u32 = 1 << 9;
    /// `can't ready`
    pub const CANT_READY: u32 = 1 << 10;
    /// `can't steal …`
    pub const CANT_STEAL: u32 = 1 << 11;
    /// `steals 1 more/fewer Gig`
    pub const STEALS_MORE: u32 = 1 << 12;
    /// `wins all fights against …`
    pub const WINS_FIGHTS: u32 = 1 << 13;
    /// `doesn't defeat the opposing …`
    pub const DOESNT_DEFEAT: u32 = 1 << 14;
    /// a cost rule said by a statement
    pub const COST: u32 = 1 << 15;
}

/// The bit of a kind of statement in a set of kinds ([`CoreText::says`]).
pub fn say_bit(s: &Say) -> u32 {
    match s {
        Say::Power(_) => says::POWER,
        Say::DoublePower => says::DOUBLE_POWER,
        Say::Keyword(_) => says::KEYWORD,
        Say::CantAttack => says::CANT_ATTACK,
        Say::CanAttack { .. } => says::CAN_ATTACK,
        Say::CanOnlyAttack(_) => says::CAN_ONLY_ATTACK,
        Say::MustAttack => says::MUST_ATTACK,
        Say::CantBeBlocked => says::CANT_BE_BLOCKED,
        Say::CantBlock => says::CANT_BLOCK,
        Say::CantBeDefeated { .. } => says::CANT_BE_DEFEATED,
        Say::CantReady => says::CANT_READY,
        Say::CantSteal(_) => says::CANT_STEAL,
        Say::StealsMore(_) => says::STEALS_MORE,
        Say::WinsFightsAgainst(_) => says::WINS_FIGHTS,
        Say::DoesntDefeatInFight(_) => says::DOESNT_DEFEAT,
        Say::Cost(_) => says::COST,
    }
}

/// A statement of a static ability ([`CoreText::static_says`]).
#[derive(Clone, Copy, Debug)]
pub struct StaticSay {
    /// the ability's line
    pub line: u16,
    /// the statement's place in the ability
    pub idx: u16,
    /// its kind ([`say_bit`])
    pub bit: u32,
    /// the ability is in a Gear's top textbox (rule 4.11: not its host's)
    pub top: bool,
}

/// One card's core and its index.
#[derive(Clone, Debug)]
pub struct CoreText {
    /// the core
    pub core: CardCore,
    /// (line, label) of each timing-label trigger (`{Play} {Attack}`: one entry each)
    pub labels: Vec<(u16, Label)>,
    /// (line, start?, whose) of each `At the start/end of … turn` trigger
    pub turn: Vec<(u16, bool, Who)>,
    /// lines of event triggers (`When …`, `The first time … each turn`)
    pub when: Vec<u16>,
    /// the kinds of event those lines listen for, one [`kind_bit`] each
    pub listens: u32,
    /// lines of static abilities
    pub statics: Vec<u16>,
    /// every statement of those lines, in order, with its kind ([`say_bit`])
    pub static_says: Vec<StaticSay>,
    /// lines of activated abilities
    pub activated: Vec<u16>,
    /// lines whose effect plays a card (`{Spend}: Play a Gear … for free`)
    pub plays: Vec<u16>,
    /// lines of cost rules
    pub cost_rules: Vec<u16>,
    /// whether a cost rule is about other cards' plays (`your first CYBERWARE Gear each turn`)
    pub cost_statics: bool,
    /// lines of replacement effects
    pub replacements: Vec<u16>,
    /// lines of a Program's resolution effects, in order
    pub resolution: Vec<u16>,
    /// the kinds of statement the text can make, statics and effects alike ([`say_bit`])
    pub says: u32,
    /// lines that do not execute, with the words that don't (a test marks them so)
    pub not_executed: Vec<(u16, String)>,
}

impl CoreText {
    /// Indexes a card's core.
    pub fn new(core: CardCore) -> CoreText {
        let mut t = CoreText {
            core: CardCore {
                abilities: Vec::new(),
                keywords: Vec::new(),
            },
            labels: Vec::new(),
            turn: Vec::new(),
            when: Vec::new(),
            listens: 0,
            statics: Vec::new(),
            static_says: Vec::new(),
            activated: Vec::new(),
            plays: Vec::new(),
            cost_rules: Vec::new(),
            cost_statics: false,
            replacements: Vec::new(),
            resolution: Vec::new(),
            says: 0,
            not_executed: Vec::new(),
        };
        for a in &core.abilities {
            let line = a.line;
            if a.body.effect().is_some_and(plays_a_card) {
                t.plays.push(line);
            }
            match &a.body {
                Body::Triggered { on, effect, .. } => {
                    match on {
                        TriggerOn::Labels(ls) => t.labels.extend(ls.iter().map(|&l| (line, l))),
                        TriggerOn::Event(e) => {
                            t.when.push(line);
                            t.listens |= e.kinds.iter().fold(0, |m, &k| m | kind_bit(k));
                        }
                        TriggerOn::Turn { start, whose } => {
                            t.turn.push((line, *start, whose.clone()))
                        }
                    }
                    t.says |= effect_says(effect);
                }
                Body::Activated { effect, .. } => {
                    t.activated.push(line);
                    t.says |= effect_says(effect);
                }
                Body::Static(ss) => {
                    t.statics.push(line);
                    t.says |= ss.iter().fold(0, |m, s| m | say_bit(&s.says));
                    t.static_says
                        .extend(ss.iter().enumerate().map(|(k, s)| StaticSay {
                            line,
                            idx: k as u16,
                            bit: say_bit(&s.says),
                            top: a.top,
                        }));
                }
                Body::Resolution { effect, .. } => {
                    t.resolution.push(line);
                    t.says |= effect_says(effect);
                }
                Body::Cost(r) => {
                    t.cost_rules.push(line);
                    t.cost_statics |= matches!(r.of, Costed::Plays { .. });
                }
                Body::Replacement { effect, .. } => {
                    t.replacements.push(line);
                    t.says |= effect_says(effect);
                }
                Body::Keyword(_) | Body::Nothing => {}
            }
        }
        t.core = core;
        t
    }

    /// Ability `line`.
    pub fn ability(&self, line: u16) -> Option<&Ability> {
        self.core.abilities.get(usize::from(line))
    }
}

/// Whether an effect plays a card (in any block).
fn plays_a_card(e: &prim::Effect) -> bool {
    (e.blocks.iter())
        .flat_map(|b| b.0.iter())
        .any(|op| matches!(op.kind, OpKind::Do(prim::GameAction::Play { .. })))
}

/// The kinds of statement an effect can make (its `Make` operations, in every block).
fn effect_says(e: &prim::Effect) -> u32 {
    e.blocks
        .iter()
        .flat_map(|b| b.0.iter())
        .fold(0, |m, op: &Op| match &op.kind {
            OpKind::Make(s) => m | say_bit(&s.says),
            _ => m,
        })
}
