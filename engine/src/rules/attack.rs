//! Attack, fight and steal (rules 9.1–9.29), with {Blocker} (rule 11.24) and reactions.

use super::CardText;
use super::{steal_count, Action};
use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game};
use crate::log::Event;
use crate::state::{
    die_bit, AttackFrame, AttackStep, DieArea, DieId, Duration, Frame, InstId, Modifier, PlayerId,
    Target, Zone,
};
use gigscript_dsl::Keyword;

impl Game {
    /// Rule 9.3: attack options of the turn player: each Unit that can attack, against each
    /// spent rival Unit (rule 9.3.2.1) and a non-empty rival Gig area (rule 9.3.2.2), appended
    /// to `out` (no allocation of its own: this runs at every Main Phase decision).
    pub(crate) fn push_attack_options(&self, p: PlayerId, out: &mut Vec<Choice>) {
        let rival = p.other();
        let rival_field = &self.state.player(rival).field;
        let gigs = self.state.has_gigs(rival);
        for &a in &self.state.player(p).field {
            // Statements that add, remove or restrict targets (rules 9.3.2.3, 2.6).
            if self.text().attack_options(self, a, out) {
                continue;
            }
            if !self.can_attack(a) {
                continue;
            }
            for &u in rival_field {
                if self.state.inst(u).is_some_and(|i| i.spent) {
                    out.push(Choice::Attack {
                        attacker: a,
                        target: Target::Unit(u),
                    });
                }
            }
            if gigs {
                out.push(Choice::Attack {
                    attacker: a,
                    target: Target::Gigs(rival),
                });
            }
        }
    }

    /// Rules 9.13, 9.26: whether the attack has ended: the attacker left the field
    /// (rule 9.26.1), the defending Unit left the field (rule 9.26.2) or is no longer a legal
    /// target, i.e. a spent rival Unit (rule 9.26.3), or an effect ended it (rule 9.26.4). An
    /// emptied Gig area does not end it (rule 5.12.4.1). Once the fight's losers are
    /// determined, its result is resolved (rule 9.19) even if a fight trigger made the defending
    /// Unit an illegal target, say by readying it (official FAQ: Johnny Silverhand, readied by
    /// his own win, still defeats the CORPO Unit he beat); only leaving the field still ends it.
    pub(crate) fn attack_over(&self, a: &AttackFrame) -> bool {
        let in_field = |i: InstId, p: PlayerId| {
            self.state.inst(i).is_some_and(|x| {
                x.zone == Zone::Field && x.controller == p && x.equipped_to.is_none()
            })
        };
        if a.ended || !in_field(a.attacker, a.player) {
            return true;
        }
        match a.target {
            Target::Unit(u) => {
                !in_field(u, a.player.other())
                    || (a.step != AttackStep::FightResult
                        && !(self.state.inst(u).is_some_and(|x| x.spent)
                            || self.text().ready_target(self, a.attacker, u)))
            }
            Target::Gigs(_) => false,
        }
    }

    pub(crate) fn attack_decision(&self, a: &AttackFrame) -> Option<Decision> {
        match a.step {
            AttackStep::React if !self.attack_over(a) => Some(self.react_decision(a)),
            // `When a friendly Unit attacks, {Spend}: …`: only when there is something to use.
            AttackStep::Window if !self.attack_over(a) => {
                let mut options = Vec::new();
                let when = super::text::When::Attacking {
                    attacker: a.attacker,
                };
                self.text().activations(self, a.player, when, &mut options);
                self.push_also_plays(a.player, when, &mut options);
                (!options.is_empty()).then(|| {
                    options.push(Choice::EndReactions);
                    Decision {
                        player: a.player,
                        prompt: DecisionKind::Reaction,
                        options,
                    }
                })
            }
            AttackStep::StealChoose if a.to_steal > 0 => {
                let Target::Gigs(defender) = a.target else {
                    return None;
                };
                let mut options: Vec<Choice> = self
                    .state
                    .gigs(defender)
                    .filter(|&d| die_bit(d) != 0 && a.chosen & die_bit(d) == 0)
                    .filter(|&d| !self.text().cant_steal(self, a.attacker, d))
                    .map(Choice::ChooseGig)
                    .collect();
                // No more Gigs left than are still to be stolen: every one is, and the order
                // they are chosen in is no choice (they move at once, rule 9.23.5).
                if options.len() <= usize::from(a.to_steal) {
                    options.truncate(1);
                }
                (!options.is_empty()).then_some(Decision {
                    player: a.player,
                    prompt: DecisionKind::StealGig,
                    options,
                })
            }
            _ => None,
        }
    }

    /// Rules 9.7–9.12: the defending player's reactions: {Blocker} on a ready Unit (rule 9.9),
    /// Call a Legend (rule 9.8), a {Quick} Program (rule 9.10.1), or end the React Step.
    fn react_decision(&self, a: &AttackFrame) -> Decision {
        let d = a.player.other();
        let mut options = Vec::new();
        for &u in &self.state.player(d).field {
            let ready = self.state.inst(u).is_some_and(|i| !i.spent);
            if ready
                && Target::Unit(u) != a.target
                && self.keyword(u, Keyword::Blocker)
                && !a.unblockable
                && !self.text().cant_block(self, u)
            {
                options.push(Choice::Block(u));
            }
        }
        let mut budget = None;
        self.push_call_options(d, &mut budget, &mut options);
        let hand = self.distinct_in_hand(d);
        self.push_hand_plays(d, &hand, true, &mut budget, &mut options);
        // Rule 11.26: {Quick} abilities, and `When a (rival) Unit attacks` windows.
        let when = super::text::When::React {
            attacker: a.attacker,
        };
        self.text().activations(self, d, when, &mut options);
        self.push_also_plays(d, when, &mut options);
        options.push(Choice::EndReactions);
        Decision {
            player: d,
            prompt: DecisionKind::Reaction,
            options,
        }
    }

    pub(crate) fn attack_choice(&mut self, p: PlayerId, choice: Choice) -> Flow {
        if let Choice::Attack { attacker, target } = choice {
            // Rule 9.3.3: spend the attacker; rule 9.5: attack triggers become pending and are
            // resolved before the React Step (rule 11.21.2.2).
            self.act(Action::Spend(attacker))?;
            // Rules 9.3, 9.9: whether it can be blocked is fixed as it is declared.
            let unblockable = self.text().cant_be_blocked(self, attacker);
            self.state.frames.push(Frame::Attack(AttackFrame {
                player: p,
                attacker,
                target,
                step: AttackStep::Declared,
                losers: 0,
                to_steal: 0,
                chosen: 0,
                last: None,
                ended: false,
                unblockable,
            }));
            return self.emit(Event::Attacked { attacker, target });
        }
        let Some(Frame::Attack(mut a)) = self.state.frames.last().cloned() else {
            return Err(EngineError::Bug("attack choice outside an attack").into());
        };
        match choice {
            Choice::Block(u) => {
                // Rules 11.24, 9.9.1: spend the Blocker; it becomes the defending Unit.
                self.act(Action::Spend(u))?;
                a.target = Target::Unit(u);
                self.set_top(Frame::Attack(a));
                self.emit(Event::Blocked(u))
            }
            Choice::EndReactions if a.step == AttackStep::Window => {
                a.step = AttackStep::React;
                self.set_top(Frame::Attack(a));
                Ok(())
            }
            Choice::EndReactions => {
                // Rules 9.12, 9.14.
                a.step = match a.target {
                    Target::Unit(_) => AttackStep::Fight,
                    Target::Gigs(_) => AttackStep::Steal,
                };
                self.set_top(Frame::Attack(a));
                self.emit(Event::ReactionsEnded)
            }
            Choice::ChooseGig(d) => {
                // Rule 9.23.3.2: one at a time.
                a.chosen |= die_bit(d);
                a.to_steal = a.to_steal.saturating_sub(1);
                a.last = Some(d);
                self.set_top(Frame::Attack(a));
                Ok(())
            }
            _ => Err(EngineError::Bug("not an attack choice").into()),
        }
    }

    pub(crate) fn attack_step(&mut self, mut a: AttackFrame) -> Flow {
        // Rules 9.6, 9.13, 9.27: an attack that has ended skips to its end.
        if a.step != AttackStep::End && self.attack_over(&a) {
            a.step = AttackStep::End;
            self.set_top(Frame::Attack(a));
            return Ok(());
        }
        match a.step {
            AttackStep::Declared => a.step = AttackStep::Window,
            AttackStep::Window => a.step = AttackStep::React,
            AttackStep::React => a.step = AttackStep::End,
            AttackStep::Fight => {
                let Target::Unit(def) = a.target else {
                    return Err(EngineError::Bug("a fight without a defending Unit").into());
                };
                // Rules 9.17.1–9.17.3 (negative power counts as 0, rule 2.10.1), with "wins
                // fights" effects superseding the comparison (rule 9.17.4).
                let (pa, pd) = (self.eff_power(a.attacker), self.eff_power(def));
                let text = self.text();
                let wa = self.has_modifier(a.attacker, Modifier::WinsFights)
                    || text.wins_against(self, a.attacker, def);
                let wd = self.has_modifier(def, Modifier::WinsFights)
                    || text.wins_against(self, def, a.attacker);
                a.losers = match (wa, wd) {
                    (true, false) => 2,
                    (false, true) => 1,
                    _ if pa > pd => 2,
                    _ if pd > pa => 1,
                    _ => 3,
                };
                self.emit(Event::Fight {
                    attacker: pa,
                    defender: pd,
                })?;
                // Rule 9.18: fight triggers become pending before the defeats.
                if a.losers & 1 != 0 {
                    self.emit(Event::LostFight(a.attacker))?;
                }
                if a.losers & 2 != 0 {
                    self.emit(Event::LostFight(def))?;
                }
                // `When … loses/wins a fight` triggers, with the opposing Unit (rule 9.18).
                let happened = self.fight_happened(a.attacker, def, a.losers, pa, pd);
                let r = self
                    .text()
                    .on_fight(self, a.attacker, def, a.losers, pa, pd, &happened);
                for h in happened {
                    self.record(h);
                }
                r?;
                a.step = AttackStep::FightResult;
            }
            AttackStep::FightResult => {
                let Target::Unit(def) = a.target else {
                    return Err(EngineError::Bug("a fight without a defending Unit").into());
                };
                // Rule 9.19.1: the opposing Unit defeats each loser, unless it has 0 power
                // (rule 9.19.2) or the loser can't be defeated in a fight (rule 9.19.3).
                let mut defeated = Vec::new();
                for (bit, loser, winner) in [(1, a.attacker, def), (2, def, a.attacker)] {
                    if a.losers & bit != 0
                        && self.eff_power(winner) > 0
                        && !self.has_modifier(loser, Modifier::NotDefeatedInFights)
                        && !self.text().not_defeated_in_fight(self, loser)
                    {
                        defeated.push(loser);
                    }
                }
                // Rule 10.26: optional replacements are asked about first.
                if let Some(ask) = self.text().replacement_question(self, &defeated) {
                    self.state.frames.push(ask);
                    return Ok(());
                }
                if !defeated.is_empty() {
                    self.act(Action::Defeat(defeated))?;
                }
                a.step = AttackStep::End;
            }
            AttackStep::Steal => {
                let Target::Gigs(defender) = a.target else {
                    return Err(EngineError::Bug("stealing without a Gig area").into());
                };
                // Rules 9.22, 9.23.2, 9.23.3.3: X Gigs from the attacker's power, at most the
                // Gigs there are.
                // Rule 9.23.1: `steals 1 fewer`, `can't steal … Gigs with …`.
                let text = self.text();
                let x = steal_count(self.power_of(a.attacker))
                    .saturating_sub(text.steals_fewer(self, a.attacker));
                let there = self
                    .state
                    .gigs(defender)
                    .filter(|&d| !text.cant_steal(self, a.attacker, d))
                    .count() as u32;
                let n = x.min(there).min(u32::from(u8::MAX)) as u8;
                a.to_steal = n;
                self.emit(Event::WillSteal(n))?;
                a.step = AttackStep::StealChoose;
            }
            AttackStep::StealChoose => {
                // All chosen (rule 9.23.3); "would be stolen" effects next (rule 6.7.4).
                for k in 0..self.state.dice.len().min(16) {
                    let d = DieId(k as u8);
                    if a.chosen & die_bit(d) != 0 {
                        self.emit(Event::WouldSteal(d))?;
                    }
                }
                a.step = AttackStep::StealPrevent;
            }
            AttackStep::StealPrevent => {
                // Rule 9.23.4: prevention effects apply to the chosen Gigs here (the action
                // pipeline's replacement hook on the steal below).
                a.step = AttackStep::StealMove;
            }
            AttackStep::StealMove => {
                // Rule 9.23.5: move all chosen Gigs still in the defending area at once.
                if a.chosen != 0 && !self.attack_over(&a) {
                    let Target::Gigs(defender) = a.target else {
                        return Err(EngineError::Bug("stealing without a Gig area").into());
                    };
                    let mut dice = 0u16;
                    for (k, d) in self.state.dice.iter().enumerate().take(16) {
                        let bit = die_bit(DieId(k as u8));
                        if a.chosen & bit != 0 && d.area == DieArea::Gigs(defender) {
                            dice |= bit;
                        }
                    }
                    self.act(Action::Steal { dice, by: a.player })?;
                }
                a.step = AttackStep::End;
            }
            AttackStep::End => {
                // Rule 9.29: effects lasting while attacking, stealing or fighting end; the Main
                // Phase continues.
                self.end_effects(|d| {
                    matches!(
                        d,
                        Duration::WhileAttacking
                            | Duration::WhileFighting
                            | Duration::WhileStealing
                    ) || d == Duration::UntilAttackEnds(a.attacker)
                });
                self.state.frames.pop();
                return self.emit(Event::AttackEnded);
            }
        }
        self.set_top(Frame::Attack(a));
        Ok(())
    }

    /// Rule 9.26.4: an effect ends the current attack (the innermost one), and the game steps
    /// on to its next decision. Returns whether an attack was in progress.
    pub fn end_attack(&mut self) -> Result<bool, EngineError> {
        if !self
            .state
            .frames
            .iter()
            .any(|f| matches!(f, Frame::Attack(_)))
        {
            return Ok(false);
        }
        self.guarded(|g| {
            if let Some(Frame::Attack(a)) = g
                .state
                .frames
                .iter_mut()
                .rev()
                .find(|f| matches!(f, Frame::Attack(_)))
            {
                a.ended = true;
            }
            g.advance()
        })?;
        Ok(true)
    }
}
