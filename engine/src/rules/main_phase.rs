//! The Main Phase (rules 8.9–8.15): selling, calling a Legend, playing cards and paying for
//! them, equipping Gear, playing Legends from the Legends area and {Go Solo}, and passing.
//! Attacks are in `attack.rs`.

use super::Action;
use super::CardText;
use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game};
use crate::log::Event;
use crate::pool::CardIdx;
use crate::state::{Frame, InstId, PlayHow, PlayerId, Zone};
use gigscript_dsl::{CardType, Keyword};

/// A hand's distinct cards, each with its first copy ([`Game::distinct_in_hand`]).
pub(crate) type Hand = smallvec::SmallVec<[(InstId, CardIdx); 16]>;

impl Game {
    /// The €$ to pay to play a card: its cost value (rule 3.11.1). Cost changes arrive with
    /// card text; they will never go below 1 (rule 11.8.3). `None`: it can't be paid
    /// (a null cost, rule 3.11.2.1).
    pub(crate) fn cost_to_pay(&self, card: CardIdx) -> Option<u8> {
        self.pool
            .facts(card)
            .cost
            .map(|c| u8::try_from(c).unwrap_or(u8::MAX))
    }

    /// Whether a Legend in the Legends area can pay 1 €$: ready, and face-down or with a Sell
    /// Tag (rules 5.7.2, 5.7.2.2, 3.12.2).
    pub(super) fn legend_can_pay(&self, l: InstId) -> bool {
        self.state.inst(l).is_some_and(|i| {
            i.zone == Zone::Legends && !i.spent && (!i.face_up || self.pool.facts(i.card).sell)
        })
    }

    /// €$ a player can pay now (rule 11.8.1: ready Eddies and payable Legends).
    pub(crate) fn can_pay(&self, p: PlayerId, cost: u8, exclude: Option<InstId>) -> bool {
        self.pay_budget(p, exclude) >= usize::from(cost)
    }

    /// How many €$ a player can pay now (rule 11.8.1).
    fn pay_budget(&self, p: PlayerId, exclude: Option<InstId>) -> usize {
        self.ready_eddies(p).count() + self.payable_places(p, exclude).count_ones() as usize
    }

    /// `p`'s ready Eddies, in order.
    fn ready_eddies(&self, p: PlayerId) -> impl Iterator<Item = InstId> + '_ {
        (self.state.player(p).eddies.iter().copied())
            .filter(|&e| self.state.inst(e).is_some_and(|i| !i.spent))
    }

    /// The places (bits) in `p`'s Legends area of the Legends that can pay now, but `exclude`.
    /// The area holds three (rule 5.7.1); a place past the eighth is not read.
    fn payable_places(&self, p: PlayerId, exclude: Option<InstId>) -> u8 {
        (self.state.player(p).legends.iter().take(8).enumerate())
            .filter(|&(_, &l)| Some(l) != exclude && self.legend_can_pay(l))
            .fold(0, |m, (k, _)| m | 1 << k)
    }

    /// Rule 4.10.1: a friendly Unit, or a friendly face-up Legend in the Legends area.
    fn equip_hosts(&self, p: PlayerId) -> Vec<InstId> {
        let pl = self.state.player(p);
        let mut v: Vec<InstId> = pl.field.clone();
        v.extend(
            pl.legends
                .iter()
                .copied()
                .filter(|&l| self.state.inst(l).is_some_and(|i| i.face_up)),
        );
        v
    }

    /// Whether [`Game::equip_hosts`] is non-empty, without collecting it.
    pub(crate) fn has_equip_host(&self, p: PlayerId) -> bool {
        let pl = self.state.player(p);
        !pl.field.is_empty()
            || pl
                .legends
                .iter()
                .any(|&l| self.state.inst(l).is_some_and(|i| i.face_up))
    }

    /// The cards of `p`'s hand, one per distinct card (the first copy): one option each.
    pub(crate) fn distinct_in_hand(&self, p: PlayerId) -> Hand {
        let mut out = Hand::new();
        // A bit per card, modulo 64: a card whose bit is clear is new without a search.
        let mut seen = 0u64;
        for &i in &self.state.player(p).hand {
            let Some(x) = self.state.inst(i) else {
                continue;
            };
            let bit = 1u64 << (x.card.0 % 64);
            if seen & bit == 0 || !out.iter().any(|&(_, c)| c == x.card) {
                seen |= bit;
                out.push((i, x.card));
            }
        }
        out
    }

    /// Cards in hand a player can play now, one option per distinct card (copies in hand are
    /// interchangeable: `hand` is [`Game::distinct_in_hand`]). With `quick_only`, only {Quick}
    /// Programs (rule 9.10.1). `budget`: [`Game::pay_budget`] of `p` once known (the options
    /// of one decision are listed over an unchanging state).
    pub(crate) fn push_hand_plays(
        &self,
        p: PlayerId,
        hand: &[(InstId, CardIdx)],
        quick_only: bool,
        budget: &mut Option<usize>,
        out: &mut Vec<Choice>,
    ) {
        for &(i, card) in hand {
            let facts = self.pool.facts(card);
            if quick_only
                && !(facts.kind == CardType::Program && facts.keywords.has(Keyword::Quick))
            {
                continue;
            }
            // Rule 11.4.1.1: a card whose type rules can't be followed (a Gear with nothing to
            // equip, rule 4.10), or that can't be paid for, can't be played.
            let playable = match facts.kind {
                CardType::Unit | CardType::Program => true,
                CardType::Gear => self.has_equip_host(p),
                CardType::Legend => false,
            };
            if !playable {
                continue;
            }
            let Some(cost) = self.text().play_cost(self, i, p) else {
                continue;
            };
            let budget = *budget.get_or_insert_with(|| self.pay_budget(p, None));
            if usize::from(cost) <= budget {
                out.push(Choice::Play(i));
            }
        }
    }

    /// Calling a Legend (rules 8.12, 11.11): once per turn, 1 €$, a face-down Legend; the
    /// options are appended to `out`.
    pub(crate) fn push_call_options(
        &self,
        p: PlayerId,
        budget: &mut Option<usize>,
        out: &mut Vec<Choice>,
    ) {
        let pl = self.state.player(p);
        let face_down = |&l: &InstId| self.state.inst(l).is_some_and(|i| !i.face_up);
        if pl.called_this_turn || !pl.legends.iter().any(face_down) {
            return;
        }
        let cost = self.text().call_cost(self, p);
        if *budget.get_or_insert_with(|| self.pay_budget(p, None)) < usize::from(cost) {
            return;
        }
        out.extend(
            pl.legends
                .iter()
                .filter(|l| face_down(l))
                .map(|&l| Choice::Call(l)),
        );
    }

    pub(crate) fn main_decision(&self) -> Decision {
        let p = self.state.turn_player;
        let pl = self.state.player(p);
        let mut options = Vec::with_capacity(16);
        let hand = self.distinct_in_hand(p);
        // Rule 8.11: sell a card with a Sell Tag, once per turn (rule 8.11.1).
        if !pl.sold_this_turn {
            options.extend(
                (hand.iter())
                    .filter(|&&(_, card)| self.pool.facts(card).sell)
                    .map(|&(i, _)| Choice::Sell(i)),
            );
        }
        // What `p` can pay, computed once for every option below.
        let mut budget = None;
        // Rule 8.12: call a Legend.
        self.push_call_options(p, &mut budget, &mut options);
        // Rule 8.13: play a card from hand.
        self.push_hand_plays(p, &hand, false, &mut budget, &mut options);
        // Rules 4.5 and 11.25: play a face-up Legend with a cost from the Legends area. Through
        // {Go Solo} the Legend is one of the sources that may pay its own cost (rule 5.7.2,
        // FAQ-002), and it still enters ready; the plain play (rule 4.5) keeps it out of the
        // payment, since it enters in the orientation it had.
        for &l in &pl.legends {
            let Some(inst) = self.state.inst(l) else {
                continue;
            };
            if !inst.face_up {
                continue;
            }
            let Some(cost) = self.cost_to_pay(inst.card) else {
                continue; // rule 4.5.3
            };
            let all = *budget.get_or_insert_with(|| self.pay_budget(p, None));
            // Without `l` ([`Game::pay_budget`] with it excluded).
            let others = match self.legend_can_pay(l) {
                true => all - pl.legends.iter().filter(|&&x| x == l).count(),
                false => all,
            };
            if others >= usize::from(cost) {
                options.push(Choice::PlayFromLegends(l));
            }
            // Rule 11.25: {Go Solo} pays the Legend's cost, and any tax on using it.
            let solo = self.text().go_solo_cost(self, p, l, cost);
            if self.keyword(l, Keyword::GoSolo) && all >= usize::from(solo) {
                options.push(Choice::GoSolo(l));
            }
        }
        // Rule 10.18: activate an activated ability.
        self.text()
            .activations(self, p, super::text::When::Main, &mut options);
        // Rule 8.15: attack.
        self.push_attack_options(p, &mut options);
        // Rule 8.9: pass, unless a Unit must attack and can (`must attack … if it can`).
        if !self.text().must_attack_now(self, p, &options) {
            options.push(Choice::Pass);
        }
        Decision {
            player: p,
            prompt: DecisionKind::MainAction,
            options,
        }
    }

    /// Rule 11.8: the distinct ways to pay the `remaining` €$ of a cost at once, fewest
    /// Legends first: which payable Legends pay (rules 5.7.2, 5.7.2.2), ready Eddies the rest.
    /// Ready Eddies are interchangeable, so which of them pay is no choice; a single way is
    /// taken for the player.
    pub(crate) fn pay_decision(
        &self,
        p: PlayerId,
        remaining: u8,
        exclude: Option<InstId>,
    ) -> Decision {
        let ready = self.ready_eddies(p).count();
        let payable = self.payable_places(p, exclude);
        let remaining = usize::from(remaining);
        // Each set of payable places whose Legends and enough ready Eddies make the cost.
        let mut options: Vec<Choice> = (0..=payable)
            .filter(|&m| m & !payable == 0)
            .filter_map(|legends| {
                let eddies = remaining.checked_sub(legends.count_ones() as usize)?;
                let eddies = u8::try_from(eddies)
                    .ok()
                    .filter(|&e| usize::from(e) <= ready)?;
                Some(Choice::PayWith { eddies, legends })
            })
            .collect();
        options.sort_by_key(|c| c.pays_from_legends());
        Decision {
            player: p,
            prompt: DecisionKind::Pay,
            options,
        }
    }

    /// The source a step from before paying was one decision names (`eddie`, `legend 2`, a
    /// Legend's id), if it can pay one €$ of `p`'s payment now ([`Game::apply_pay_step`]).
    pub(crate) fn legacy_pay(
        &self,
        p: PlayerId,
        exclude: Option<InstId>,
        name: &str,
    ) -> Option<Choice> {
        if name.eq_ignore_ascii_case("eddie") {
            let ready = self.ready_eddies(p).next().is_some();
            return ready.then_some(Choice::PayEddie);
        }
        self.legends_at(p, self.payable_places(p, exclude))
            .find(|&l| {
                self.legend_ref(p, l).eq_ignore_ascii_case(name)
                    || self
                        .old_legend_ref(l)
                        .is_some_and(|o| o.eq_ignore_ascii_case(name))
            })
            .map(Choice::PayLegend)
    }

    /// The Legends of `p`'s Legends area at the places that are the bits of `places`.
    pub(crate) fn legends_at(&self, p: PlayerId, places: u8) -> impl Iterator<Item = InstId> + '_ {
        (self.state.player(p).legends.iter().take(8).enumerate())
            .filter(move |&(k, _)| places >> k & 1 == 1)
            .map(|(_, &l)| l)
    }

    /// Pays with `eddies` ready Eddies, then the Legends at `places` ([`Choice::PayWith`]).
    fn pay_with(&mut self, p: PlayerId, eddies: u8, places: u8) -> Flow {
        let ready: smallvec::SmallVec<[InstId; 16]> =
            self.ready_eddies(p).take(usize::from(eddies)).collect();
        let legends: smallvec::SmallVec<[InstId; 8]> = self.legends_at(p, places).collect();
        if ready.len() != usize::from(eddies) || legends.len() != places.count_ones() as usize {
            return Err(EngineError::Bug("paying with sources that are not there").into());
        }
        for &e in ready.iter().chain(&legends) {
            self.act(Action::Spend(e))?;
        }
        let choice = Choice::PayWith {
            eddies,
            legends: places,
        };
        self.paid(choice.pays())
    }

    pub(crate) fn equip_decision(&self, gear: InstId) -> Decision {
        let p = self
            .state
            .inst(gear)
            .map_or(self.state.turn_player, |i| i.controller);
        Decision {
            player: p,
            prompt: DecisionKind::EquipTarget,
            options: self
                .equip_hosts(p)
                .into_iter()
                .map(Choice::EquipTo)
                .collect(),
        }
    }

    fn push_play(&mut self, p: PlayerId, inst: InstId, how: PlayHow) -> Flow {
        let card = self.inst_ok(inst)?.card;
        let cost = match how {
            PlayHow::Hand => self.text().play_cost(self, inst, p),
            _ => self.cost_to_pay(card),
        };
        let mut cost = cost.ok_or(EngineError::Bug("playing a card with a null cost"))?;
        if how == PlayHow::GoSolo {
            cost = self.text().go_solo_cost(self, p, inst, cost);
        }
        self.state.frames.push(Frame::Play { inst, how });
        if cost > 0 {
            let exclude = (how == PlayHow::FromLegends).then_some(inst);
            self.state.frames.push(Frame::Pay {
                player: p,
                remaining: cost,
                exclude,
            });
        }
        Ok(())
    }

    /// `n` €$ of the cost being paid are paid.
    fn paid(&mut self, n: u8) -> Flow {
        match self.state.frames.last_mut() {
            Some(Frame::Pay { remaining, .. }) if n > 0 && *remaining >= n => {
                *remaining -= n;
                Ok(())
            }
            _ => Err(EngineError::Bug("paying outside a payment").into()),
        }
    }

    pub(crate) fn main_choice(&mut self, p: PlayerId, choice: Choice) -> Flow {
        match choice {
            Choice::Sell(i) => {
                // Rules 8.11.1, 11.9.2.2: selling uses the turn's Sell action.
                self.state.players[p.ix()].sold_this_turn = true;
                self.act(Action::Sell(i))
            }
            Choice::Call(l) => {
                // Rules 8.12.1, 11.11.2: once per turn; pay 1 €$, then flip.
                self.state.players[p.ix()].called_this_turn = true;
                let cost = self.text().call_cost(self, p);
                self.state.frames.push(Frame::Call { legend: l });
                self.state.frames.push(Frame::Pay {
                    player: p,
                    remaining: cost,
                    exclude: None,
                });
                Ok(())
            }
            Choice::Play(i) => self.push_play(p, i, PlayHow::Hand),
            Choice::PlayFromLegends(l) => self.push_play(p, l, PlayHow::FromLegends),
            Choice::GoSolo(l) => self.push_play(p, l, PlayHow::GoSolo),
            Choice::PayEddie => {
                let e = (self.ready_eddies(p).next()).ok_or(EngineError::Bug("no ready Eddie"))?;
                self.act(Action::Spend(e))?;
                self.paid(1)
            }
            Choice::PayLegend(l) => {
                self.act(Action::Spend(l))?;
                self.paid(1)
            }
            Choice::PayWith { eddies, legends } => self.pay_with(p, eddies, legends),
            Choice::EquipTo(host) => {
                let Some(Frame::Equip { gear }) = self.state.frames.pop() else {
                    return Err(EngineError::Bug("equipping outside a Gear play").into());
                };
                self.act(Action::Equip { gear, host })?;
                // Rule 11.20.2: {Play} triggers once the play's requirements are met.
                self.emit(Event::Played(gear))
            }
            Choice::Pass => self.pass_turn(),
            _ => Err(EngineError::Bug("not a main phase choice").into()),
        }
    }

    /// Completes a play once its cost is paid (rules 4.5, 4.6, 4.7, 4.10, 4.14, 11.25).
    pub(crate) fn finish_play(&mut self, inst: InstId, how: PlayHow) -> Flow {
        let before = *self.inst_ok(inst)?;
        let p = before.controller;
        let kind = self.pool.facts(before.card).kind;
        match (how, kind) {
            (PlayHow::Hand, CardType::Gear) => {
                // Rule 4.10: equip it to a friendly Unit or face-up Legend (a decision).
                self.state.frames.push(Frame::Equip { gear: inst });
                Ok(())
            }
            (PlayHow::Hand, CardType::Program) => {
                // Rule 4.14: resolve its effects, then to the trash; in between it is in no
                // area (rule 4.14.2). The effects resolve on frames above `ProgramEnd`.
                self.act(Action::Move {
                    inst,
                    to: Zone::Resolving,
                    player: p,
                })?;
                self.emit(Event::Played(inst))?;
                self.state.frames.push(Frame::ProgramEnd { inst });
                self.text().resolve_program(self, inst, p)
            }
            _ => {
                // Rules 4.6, 5.6.2: placed ready in the field; rules 4.7, 4.5.2: with Lag;
                // rule 4.5.1: a Legend from the Legends area keeps its orientation;
                // rule 11.25.1: {Go Solo} enters ready and can attack this turn.
                self.act(Action::Move {
                    inst,
                    to: Zone::Field,
                    player: p,
                })?;
                let m = self.inst_mut(inst)?;
                m.lag = true;
                m.spent = how == PlayHow::FromLegends && before.spent;
                m.go_solo = how == PlayHow::GoSolo;
                self.emit(Event::Played(inst))
            }
        }
    }

    /// Rule 4.14: a Program whose effects have resolved goes to its owner's trash.
    pub(crate) fn finish_program(&mut self, inst: InstId) -> Flow {
        let p = self.inst_ok(inst)?.controller;
        self.emit(Event::ProgramResolved(inst))?;
        if self.state.bottom_after_play.contains(&inst) {
            // `Bottom-deck it after you play it`: to the bottom of the deck, not the trash.
            self.state.bottom_after_play.retain(|&x| x != inst);
            return self.act(Action::BottomDeck(vec![inst]));
        }
        self.act(Action::Move {
            inst,
            to: Zone::Trash,
            player: p,
        })
    }

    /// Rule 11.11.1: flip the called Legend face-up, keeping its orientation (11.11.1.3);
    /// [CALL] triggers enter pending (rule 11.18.2).
    pub(crate) fn finish_call(&mut self, legend: InstId) -> Flow {
        if self.inst_ok(legend)?.face_up {
            return Err(EngineError::Bug("calling a face-up Legend").into());
        }
        self.act(Action::Flip(legend))?;
        self.emit(Event::Called(legend))
    }
}
