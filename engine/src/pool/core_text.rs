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

/// The bit of a kind of statement in a set of kinds ([`CoreText::says`]).
pub fn say_bit(s: &Say) -> u32 {
    1u32 << match s {
        Say::Power(_) => 0,
        Say::DoublePower => 1,
        Say::Keyword(_) => 2,
        Say::CantAttack => 3,
        Say::CanAttack { .. } => 4,
        Say::CanOnlyAttack(_) => 5,
        Say::MustAttack => 6,
        Say::CantBeBlocked => 7,
        Say::CantBlock => 8,
        Say::CantBeDefeated { .. } => 9,
        Say::CantReady => 10,
        Say::CantSteal(_) => 11,
        Say::StealsMore(_) => 12,
        Say::WinsFightsAgainst(_) => 13,
        Say::DoesntDefeatInFight(_) => 14,
        Say::Cost(_) => 15,
    }
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
    /// lines of activated abilities
    pub activated: Vec<u16>,
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
            activated: Vec::new(),
            cost_rules: Vec::new(),
            cost_statics: false,
            replacements: Vec::new(),
            resolution: Vec::new(),
            says: 0,
            not_executed: Vec::new(),
        };
        for a in &core.abilities {
            let line = a.line;
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
