//! Triggers of card text: which events make an ability pending (rules 10.11, 11.17–11.21), and
//! how a resolution starts.

use super::EffectRun;

use crate::game::{Flow, Game};
use crate::log::Event;
use crate::state::{Frame, InstId, PlayerId, Zone};
use gigscript_dsl::ast::Label;

impl Game {
    /// Makes the timing-label abilities of the card an event is about pending: {Play} when it
    /// is played (11.20), {Attack} when it attacks (11.21), {Defeated} once it is in the trash
    /// (11.19.2), {Call}/{Flip} when it is called (11.18).
    pub(crate) fn text_triggers(&mut self, ev: &Event) -> Flow {
        if self.watching() {
            self.event_triggers(ev)?;
        }
        let (about, label) = match *ev {
            Event::StartOfTurn(p) => return self.turn_triggers(p, true),
            Event::TurnEnding(p) => return self.turn_triggers(p, false),
            Event::Played(i) => (i, Label::Play),
            Event::Attacked { attacker, .. } => (attacker, Label::Attack),
            Event::Defeated(i) => (i, Label::Defeated),
            Event::Called(i) => (i, Label::Call),
            _ => return Ok(()),
        };
        let Some(inst) = self.state.inst(about).copied() else {
            return Ok(());
        };
        // A removed card triggers nothing, except a Legend defeated (and so removed): its
        // {Defeated} enters pending (rule 4.4.2).
        let defeated_legend = label == Label::Defeated
            && self.pool.facts(inst.card).kind == gigscript_dsl::CardType::Legend;
        if inst.zone == Zone::Removed && !defeated_legend {
            return Ok(());
        }
        let pool = self.pool.clone();
        // The card's own abilities; on a Gear, only those of its top textbox (rule 4.11).
        let own = pool.facts(inst.card).kind != gigscript_dsl::CardType::Gear;
        let top = pool.top_len(inst.card);
        if pool.has_label_triggers(inst.card) {
            for line in pool.label_lines(inst.card, label) {
                if own || line < top {
                    self.make_pending(about, line)?;
                }
            }
        }
        // Its Gear's bottom textbox, inherited by the card it is equipped to (rule 4.11).
        let mut gear: Vec<InstId> = self.gear_on(about).collect();
        // A defeated card's Gear is unequipped by then (rule 4.12.2); its {Defeated} still
        // triggers (rules 4.11, 11.19.2).
        if label == Label::Defeated {
            gear.extend(
                self.state
                    .left_hosts
                    .iter()
                    .filter(|s| s.1 == about)
                    .map(|s| s.0),
            );
        }
        for g in gear {
            let card = self.inst_ok(g)?.card;
            if !pool.has_label_triggers(card) {
                continue;
            }
            let top = pool.top_len(card);
            for line in pool.label_lines(card, label) {
                if line >= top {
                    self.make_pending(g, line)?;
                }
            }
        }
        Ok(())
    }

    /// `At the start/end of your turn` abilities of the cards `p` has in play (rules 8.6.2.2,
    /// 8.16.1); a Gear's bottom textbox counts for it (rule 4.11), face-down Legends have none.
    fn turn_triggers(&mut self, p: PlayerId, start: bool) -> Flow {
        let pool = self.pool.clone();
        let player = self.state.player(p);
        let in_play = || player.field.iter().chain(player.legends.iter()).copied();
        let has_lines = |i: InstId| {
            self.state
                .inst(i)
                .is_some_and(|x| pool.turn_lines(x.card, start).next().is_some())
        };
        // The cards with such lines, then the Gear with them, host by host.
        let mut cards: Vec<InstId> = in_play().filter(|&i| has_lines(i)).collect();
        for host in in_play() {
            cards.extend(self.gear_on(host).filter(|&g| has_lines(g)));
        }
        for i in cards {
            let Some(x) = self.state.inst(i).copied() else {
                continue;
            };
            if !x.face_up {
                continue;
            }
            let top = pool.top_len(x.card);
            let is_gear = x.equipped_to.is_some();
            for line in pool.turn_lines(x.card, start) {
                if !is_gear || line >= top {
                    self.make_pending(i, line)?;
                }
            }
        }
        Ok(())
    }

    fn make_pending(&mut self, source: InstId, line: u16) -> Flow {
        let controller = self.inst_ok(source)?.controller;
        self.push_pending(controller, source, crate::state::EffectRef::Text { line })
    }

    /// Starts resolving ability `line` of `source` for `controller`: an executable ability
    /// becomes an effect frame; any other logs `not executed` (never a silent no-op).
    pub(crate) fn start_effect(&mut self, source: InstId, controller: PlayerId, line: u16) -> Flow {
        let card = self.inst_ok(source)?.card;
        if self.pool.not_executed(card, line).is_some() {
            return self.emit(Event::NotExecuted { source, line });
        }
        self.state
            .frames
            .push(Frame::Effect(Box::new(EffectRun::new(
                source, controller, line,
            ))));
        Ok(())
    }

    /// The lines of a Program's resolution effects (rule 4.14), in order.
    pub(crate) fn resolution_lines(&self, source: InstId) -> Vec<u16> {
        let Some(card) = self.state.inst(source).map(|x| x.card) else {
            return Vec::new();
        };
        let Some(s) = self.pool.script(card) else {
            return Vec::new();
        };
        let top = s.top.as_ref().map_or(0, |t| t.abilities.len());
        s.text
            .abilities
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a.node, gigscript_dsl::ast::Ability::Resolution { .. }))
            .map(|(p, _)| (top + p) as u16)
            .collect()
    }
}
