//! Executability: which AST constructs the interpreter implements.
//!
//! [`unsupported`] walks a [`CardScript`] with an exhaustive `match` on every AST enum (no
//! catch-all arm), so a new AST variant does not compile until someone decides whether the
//! interpreter runs it. Each construct it does not run is listed with its span and a plain-words
//! name; a card with an empty list is *executable*.

use gigscript_dsl::ast::*;
use gigscript_dsl::source::Span;

/// A construct of a card's text that the interpreter does not execute yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// where it is written
    pub span: Span,
    /// what it is, in plain words
    pub phrase: &'static str,
    /// the ability it is in: the index over the top textbox's abilities, then the rules text's
    pub line: u16,
}

/// Every construct of `card` the interpreter does not execute, in text order.
pub fn unsupported(card: &CardScript) -> Vec<Unsupported> {
    let mut w = Walk {
        out: Vec::new(),
        line: 0,
        fight_ok: false,
    };
    for script in card.top.iter().chain(std::iter::once(&card.text)) {
        for ability in &script.abilities {
            w.ability(ability);
            w.line = w.line.saturating_add(1);
        }
    }
    w.out
}

pub(super) struct Walk {
    out: Vec<Unsupported>,
    line: u16,
    /// the ability being walked is an `{Attack} If this Unit wins a fight against …`
    fight_ok: bool,
}

impl Walk {
    pub(super) fn no(&mut self, span: &Span, phrase: &'static str) {
        self.out.push(Unsupported {
            span: *span,
            phrase,
            line: self.line,
        });
    }

    fn ability(&mut self, a: &Spanned<Ability>) {
        let span = &a.span;
        self.fight_ok = is_fight_condition(Some(&a.node));
        match &a.node {
            Ability::Keyword { keyword, .. } => match keyword {
                // Keywords are card facts the rules already read (rules 11.23–11.26).
                KeywordName::Blocker
                | KeywordName::Quick
                | KeywordName::GoSolo
                | KeywordName::Adrenaline => {}
            },
            Ability::Reminder(_) => {}
            Ability::Triggered { trigger, effect } => {
                match &trigger.node {
                    Trigger::Labels(labels) => {
                        for l in labels {
                            match l {
                                Label::Play
                                | Label::Attack
                                | Label::Defeated
                                | Label::Call
                                | Label::Flip => {}
                            }
                        }
                    }
                    Trigger::When(e) | Trigger::FirstTimeEachTurn(e) => self.event(e),
                    Trigger::StartOfYourTurn | Trigger::EndOfYourTurn => {}
                }
                self.effect(effect);
            }
            Ability::Activated {
                quick: _,
                window,
                costs,
                effect,
            } => {
                for c in costs {
                    match c.node {
                        Cost::Spend | Cost::Eddies(_) => {}
                    }
                }
                if let Some(w) = window {
                    if !super::window_executes(&w.node) {
                        self.no(&w.span, "this activation window");
                    }
                }
                self.effect(effect);
            }
            Ability::Static(effect) => self.static_ability(span, effect),
            Ability::CostRule(r) => match &r.node {
                CostRule::PlayFor { .. }
                | CostRule::EffectCosts { .. }
                | CostRule::AlsoPlay { .. }
                | CostRule::PlayForIf { .. } => {
                    if !crate::interp::cost_rule_executes(&r.node) {
                        self.no(span, "a cost rule")
                    }
                }
            },
            // `If <unit> would be defeated, [you may] [spend N €$ to] defeat <card> instead.`
            // (rules 10.24–10.29, crate::interp::replace)
            Ability::Replacement {
                subject, action, ..
            } => {
                let subject_ok = match &subject.node {
                    Np::Pronoun { .. } => true,
                    Np::Phrase(p) => {
                        p.refers_to.is_some()
                            || (p.head.noun == Noun::Unit
                                && p.quantity == Quantity::One
                                && p.owner.is_none()
                                && p.post.is_empty()
                                && p.or.is_none()
                                && p.participle.is_none()
                                && p.status.is_none())
                    }
                    _ => false,
                };
                let defeat_ok = |a: &Action| matches!(a, Action::Defeat { what, when: None } if is_reference(what));
                let action_ok = match &action.node {
                    Action::PayTo { action, .. } => defeat_ok(&action.node),
                    a => defeat_ok(a),
                };
                if !subject_ok || !action_ok {
                    self.no(span, "a replacement effect")
                }
            }
            Ability::Resolution { quick: _, effect } => self.effect(effect),
        }
    }

    /// Statics that execute: `This Unit can't attack.` and `<units> has/have +N power [while
    /// attacking] [for each friendly Gig]`, consulted where characteristics are computed.
    /// Statics: see `statements.rs`.
    fn static_ability(&mut self, span: &Span, e: &Effect) {
        self.statics_walk(span, e)
    }

    fn effect(&mut self, e: &Effect) {
        match e {
            Effect::Sentences(s) => s.iter().for_each(|s| self.sentence(s)),
            Effect::Modal { head, rule, modes } => {
                match &head.node {
                    ModalHead::ChooseOne => {}
                    // crate::interp::replace::modal_target
                    ModalHead::GiveAll { target } => self.target(target),
                }
                if let Some(r) = rule {
                    match (&head.node, r.node.change) {
                        (ModalHead::ChooseOne, ModeChange::ChooseBoth)
                        | (ModalHead::ChooseOne, ModeChange::RivalChoosesOne { .. }) => {
                            self.condition(&r.node.condition)
                        }
                        (ModalHead::GiveAll { .. }, ModeChange::RivalChoosesOne { .. }) => {
                            self.condition(&r.node.condition)
                        }
                        (ModalHead::GiveAll { .. }, ModeChange::ChooseBoth) => {
                            self.no(&r.span, "a rule changing how modes are chosen")
                        }
                    }
                }
                for s in modes.iter().flatten() {
                    // Sentence ids count across modes; a mode's result words are not run yet.
                    if let Some(lead) = &s.node.lead {
                        if matches!(lead.node, Lead::IfYouDo { .. } | Lead::Otherwise { .. }) {
                            self.no(&lead.span, "`If you do`/`Otherwise` inside a mode");
                        }
                    }
                    self.sentence(s);
                }
            }
        }
    }

    fn sentence(&mut self, s: &Spanned<Sentence>) {
        if let Some(lead) = &s.node.lead {
            match &lead.node {
                Lead::Then { condition } => {
                    if let Some(c) = condition {
                        self.condition(c);
                    }
                }
                Lead::If(c) => self.condition(c),
                Lead::IfYouDo { .. } | Lead::Otherwise { .. } => {}
                Lead::During(d) => self.during_lead(&lead.span, &d.node, &s.node.clause.node),
            }
        }
        let clause = &s.node.clause;
        match &clause.node {
            Clause::Delayed { event, then } => {
                self.event(event);
                match &then.node {
                    Clause::Do {
                        optional: false,
                        instead: None,
                        condition: None,
                        steps,
                        ..
                    } => {
                        for step in steps {
                            self.action(&step.action);
                        }
                    }
                    // crate::interp::next_attack
                    Clause::State { predicate, .. }
                        if super::next_attack::is_until_next_attack(event, then) =>
                    {
                        if let Predicate::MayAttack { target } = &predicate.node {
                            self.target(target);
                        }
                    }
                    Clause::State { subject, predicate } => match &predicate.node {
                        Predicate::AlsoSteals { what }
                            if super::events::is_also_steals(subject, what) => {}
                        _ => self.no(&then.span, "this delayed effect"),
                    },
                    _ => self.no(&then.span, "this delayed effect"),
                }
            }
            Clause::State { subject, predicate } => match &predicate.node {
                // `the Gig isn't stolen` (rules 6.7.4, 9.23.4), a Gig bound by the trigger.
                Predicate::IsntStolen if super::events::is_bound_gig(subject) => {}
                // `A Rival discards 1.`: the Rival chooses (rule 10.31).
                Predicate::Discards { more: false, .. } if is_a_rival(subject) => {}
                // `A Rival chooses whether you … or …`: the Rival picks the steps (rule 10.31).
                Predicate::ChoosesWhether { first, second } if is_a_rival(subject) => {
                    for step in first.iter().chain(second) {
                        self.action(&step.action);
                    }
                }
                _ => self.effect_statement(subject, predicate),
            },
            Clause::Do {
                optional: _,
                also: _,
                steps,
                instead,
                condition,
            } => {
                // `… instead` replacing an earlier sentence runs (crate::interp::replace).
                let _ = instead;
                if let Some(c) = condition {
                    self.condition(c);
                }
                for step in steps {
                    match step.link {
                        None | Some(Link::And) | Some(Link::Then) => {}
                    }
                    self.action(&step.action);
                }
            }
        }
    }

    pub(super) fn predicate(&mut self, p: &Spanned<Predicate>) {
        match &p.node {
            Predicate::CantAttack { .. }
            | Predicate::CantBeBlocked
            | Predicate::CantBeDefeatedInAFight { .. }
            | Predicate::CantReady { .. }
            | Predicate::CantSteal { .. }
            | Predicate::CanAttack { .. }
            | Predicate::MayAttack { .. }
            | Predicate::MayUseFor { .. }
            | Predicate::MustAttack { .. }
            | Predicate::MustPayToUse { .. }
            | Predicate::HasPower { .. }
            | Predicate::HasKeyword(_)
            | Predicate::PowerEqualTo { .. }
            | Predicate::StealsFewer { .. }
            | Predicate::AlsoSteals { .. }
            | Predicate::Discards { .. }
            | Predicate::DiscardsHand { .. }
            | Predicate::Defeats { .. }
            | Predicate::WinsAllFightsAgainst { .. }
            | Predicate::ChoosesWhether { .. }
            | Predicate::IsntStolen => self.no(&p.span, "a statement (`… can't …`, `… has …`)"),
        }
    }

    fn action(&mut self, a: &Spanned<Action>) {
        if self.zone_action(a) {
            return;
        }
        let span = &a.span;
        match &a.node {
            Action::Draw { per, .. } => {
                if let Some(np) = per {
                    if !self.countable(np) {
                        self.no(span, "`draw … for each`");
                    }
                }
            }
            Action::Defeat { what, when } => {
                if when
                    .as_ref()
                    .is_some_and(|w| w.node != Duration::AtEndOfThisTurn)
                {
                    self.no(span, "a delayed defeat (`at the end of this turn`)");
                }
                self.target(what);
            }
            Action::Spend { what, per } => {
                if let Some(np) = per {
                    if !self.countable(np) {
                        self.no(span, "`spend … for each`");
                    }
                }
                self.target(what);
            }
            Action::Ready { what } => self.target(what),
            Action::ReturnToOwnersHand { what } => self.target(what),
            Action::BottomDeck {
                what,
                after_playing,
                any_order,
            } => {
                if after_playing.is_some() {
                    self.no(span, "`bottom-deck … after you play it`");
                }
                if *any_order {
                    self.no(span, "`bottom-deck … in any order` other than `the rest`");
                }
                self.target(what);
            }
            Action::Trash { what, .. } | Action::Discard { what } => {
                if !is_bare_count(what) {
                    self.no(&what.span, "a card list other than a bare count");
                }
            }
            Action::Give {
                target,
                grants,
                modifiers,
            } => {
                for g in grants {
                    match g {
                        Grant::Power(_) => {}
                        Grant::Keyword(_) => {}
                    }
                }
                if !self.give_modifiers_ok(modifiers) {
                    self.no(span, "a change lasting other than `this turn`");
                }
                self.target(target);
            }
            Action::AddToHand { .. } => self.no(span, "`add … to your hand`"),
            Action::AddMore { .. } => self.no(span, "`add … more`"),
            Action::ChangeGig { gig, .. } => {
                if !is_gig_phrase(gig) && !super::events::is_bound_gig(gig) {
                    self.no(&gig.span, "this Gig")
                }
            }
            Action::Call { what, free } => {
                if !*free || !is_legend_to_call(what) {
                    self.no(span, "`call a Legend`")
                }
            }
            Action::Choose { .. } => self.no(span, "`choose …`"),
            Action::Double { what } => {
                if !is_own_power(&what.node) {
                    self.no(span, "`double …`")
                }
            }
            Action::Equip {
                gear,
                only,
                free: _,
                to,
            } => {
                if *only || !super::equip_gear_executes(gear) {
                    self.no(span, "`equip …`");
                } else {
                    self.target(to);
                }
            }
            // Rule 9.26.4: ends the current attack, if any (`Game::end_attack`).
            Action::EndAttack => {}
            // Rules 1.12, 1.15: the controller wins or loses at once.
            Action::GameResult { .. } => {}
            Action::IgnoreResult { of } => {
                if !matches!(of, Ref::Binding(_)) {
                    self.no(span, "`ignore the result`")
                }
            }
            Action::LookAt { .. } => self.no(span, "`look at …`"),
            Action::Play { .. } => self.no(span, "`play …` from an effect"),
            Action::RemoveFromGame { .. } => self.no(span, "`remove … from the game`"),
            Action::RerollOnce { what } => {
                if !super::events::is_bound_gig(what) {
                    self.no(span, "`reroll …`")
                }
            }
            Action::Reveal { .. } => self.no(span, "`reveal …`"),
            Action::Search { .. } => self.no(span, "`search …`"),
            Action::Sell { .. } => self.no(span, "`sell …` from an effect"),
            Action::SetGig { gig, to } => {
                let other_ok = match to {
                    SetValue::Number(_) => true,
                    SetValue::SameValueAs(np) | SetValue::ValueOf(np) => is_any_gig_phrase(np),
                };
                let bound = super::events::is_bound_gig(gig) && matches!(to, SetValue::Number(_));
                if !bound && (!is_any_gig_phrase(gig) || !other_ok) {
                    self.no(span, "`set a Gig to …`")
                }
            }
            Action::PayTo { .. } => self.no(span, "`spend N €$ to …`"),
            Action::Steal { what } => {
                if !super::events::is_rival_gig_to_steal(what) {
                    self.no(span, "`steal …` from an effect")
                }
            }
            Action::Swap { gig, with } => {
                if !is_gig_phrase(gig) || !is_gig_phrase(with) {
                    self.no(span, "`swap …`")
                }
            }
        }
    }

    /// The event of a `When …`, `The first time …` or `The next time …` trigger.
    fn event(&mut self, e: &Spanned<Event>) {
        let span = &e.span;
        match &e.node {
            Event::YouPlay(np) | Event::IsDefeated(np) => self.event_card(span, np, true),
            Event::IsSpent(np) | Event::Attacks(np) => self.event_card(span, np, false),
            Event::Uses { subject, keyword } => {
                if *keyword != KeywordName::Blocker {
                    self.no(span, "this event");
                }
                self.event_card(span, subject, false);
            }
            Event::LosesAFight { subject, .. } | Event::WinsAFight { subject, .. } => {
                self.event_card(span, subject, false)
            }
            Event::YouRollIn(np) => {
                let ok = matches!(&np.node, Np::Phrase(p) if p.head.noun == Noun::Gig
                    && p.quantity == Quantity::One
                    && p.controller.is_none()
                    && p.quality.is_none()
                    && p.post.len() == 1
                    && matches!(&p.post[0].node, PostMod::FromZone(z) if z == &[Zone::FixerArea]));
                if !ok {
                    self.no(span, "this event's Gig");
                }
            }
            Event::YouRollMinOrMax(np) => self.event_gig(span, np),
            Event::Steals {
                subject, object, ..
            } => {
                if !is_a_rival(subject) {
                    self.event_card(span, subject, false);
                }
                // `a Gig with value less than its power` (crate::interp::events::event_gig_filters)
                match &object.node {
                    Np::Phrase(p) if !p.post.is_empty() => {
                        if !p.post.iter().all(|m| is_event_gig_filter(&m.node)) {
                            self.no(span, "this event's Gig");
                        }
                        let mut bare = object.clone();
                        if let Np::Phrase(q) = &mut bare.node {
                            q.post.clear();
                        }
                        self.event_gig(span, &bare);
                    }
                    _ => self.event_gig(span, object),
                }
            }
            Event::Decreases { subject, object } => {
                if !is_a_rival(subject) {
                    self.no(span, "this event");
                }
                self.event_gig(span, object);
            }
        }
    }

    /// The card an event is about: `this Unit`, `this Unit or Legend` (a Gear's host), `a
    /// friendly ARASAKA Unit`, `a friendly equipped Unit or Legend`, `a BRAINDANCE Program`.
    fn event_card(&mut self, span: &Span, np: &NounPhrase, any_kind: bool) {
        // A binding: the card a delayed trigger's effect named (`The next time this Unit …`).
        let ok = match &np.node {
            Np::Pronoun { .. } => true,
            Np::Phrase(p) if p.refers_to.is_some() => true,
            Np::Phrase(p) => {
                let noun_ok = |n: &Noun| {
                    matches!(n, Noun::Unit | Noun::Legend)
                        || (any_kind && matches!(n, Noun::Program | Noun::Gear | Noun::Card))
                };
                (p.quantity == Quantity::One
                    // `another friendly Unit` (crate::interp::events::subject_is)
                    || (!any_kind && p.quantity == Quantity::Another))
                    && p.owner.is_none()
                    && !p.first
                    && p.participle.is_none()
                    && p.orientation.is_none()
                    && (p.status.is_none() || (!any_kind && p.status == Some(Status::Equipped)))
                    && (matches!(p.quality, None | Some(Quality::Tag(_)))
                        || (any_kind && matches!(p.quality, Some(Quality::Colour(_)))))
                    && noun_ok(&p.head.noun)
                    && p.or.as_ref().is_none_or(|o| {
                        noun_ok(&o.head.noun)
                            && (o.colour.is_none()
                                // `a Blue Unit or Blue Gear` (crate::interp::events::was)
                                || (any_kind && p.quality == o.colour.map(Quality::Colour)))
                    })
                    && p.post.is_empty()
            }
            _ => false,
        };
        if !ok {
            self.no(span, "this event's card");
        }
    }

    /// The Gigs an event is about: `a Gig`, `a d6`, `one or more friendly Gigs`.
    fn event_gig(&mut self, span: &Span, np: &NounPhrase) {
        let ok = matches!(&np.node, Np::Phrase(p) if matches!(p.head.noun, Noun::Gig | Noun::Die(_))
            && matches!(p.quantity, Quantity::One | Quantity::OneOrMore)
            && p.owner.is_none()
            && p.refers_to.is_none()
            && p.quality.is_none()
            && p.or.is_none()
            && p.post.is_empty());
        if !ok {
            self.no(span, "this event's Gig");
        }
    }

    pub(super) fn condition(&mut self, c: &Spanned<Condition>) {
        if self.zone_condition(c) {
            return;
        }
        match &c.node {
            Condition::CredAtLeast { .. }
            | Condition::CredLessThan { .. }
            | Condition::CredParity { .. }
            | Condition::FixerAreaEmpty => {}
            // Rule 5.11.4: null ☆ (crate::interp::conditions).
            Condition::CredComparedTo { than: who, .. }
            | Condition::CredDiffers { from: who, .. }
            | Condition::ControlsMoreGigs { who, .. } => {
                if !is_a_rival(who) {
                    self.no(&c.span, "this condition")
                }
            }
            Condition::YouPlayed { what, duration }
                if duration.node == Duration::ThisTurn && is_played_kind(what) => {}
            // Rule 6.5: `a value-pair [of Gigs]`.
            Condition::YouControl { what, .. } if is_value_pair(what) => {}
            // `you control 3 or more Gigs with different values` (crate::interp::conditions)
            Condition::YouControl { what, .. } if matches!(&what.node, Np::Phrase(p) if super::conditions::is_gig_count(p)) =>
                {}
            Condition::YouControl { what, .. } if is_pair_of_gigs(what) => {}
            Condition::YouControl { what, .. } => self.target(what),
            Condition::Equals(a, b) => {
                if !is_number(&a.node) || !is_number(&b.node) {
                    self.no(&c.span, "this condition")
                }
            }
            Condition::NumberParity(e, _) => {
                if !is_number(&e.node) {
                    self.no(&c.span, "this condition")
                }
            }
            Condition::HasSameValue { subject, .. } => {
                if !is_gig_phrase(subject) {
                    self.no(&c.span, "this condition")
                }
            }
            Condition::Is {
                subject,
                complement,
                ..
            } => {
                let subject_ok = is_reference(subject) || is_gig_phrase(subject);
                let complement_ok = match complement {
                    Complement::State(State::Spent)
                    | Complement::State(State::Equipped)
                    | Complement::AtMaxValue
                    | Complement::Tags { .. } => true,
                    Complement::State(State::Empty) => false,
                    Complement::Kind(np) => is_gig_phrase(np) || is_card_kind(np),
                };
                if !subject_ok || !complement_ok {
                    self.no(&c.span, "this condition")
                }
            }
            // Only as the whole of an `{Attack}` ability: see `is_fight_condition`.
            Condition::WinsAFightAgainst { .. } if self.fight_ok => {}
            Condition::YouDid(_)
            | Condition::YouPlayed { .. }
            | Condition::WinsAFightAgainst { .. } => self.no(&c.span, "this condition"),
        }
    }

    /// A noun phrase naming cards in play (or earlier referents).
    pub(super) fn target(&mut self, np: &NounPhrase) {
        match &np.node {
            Np::Pronoun { word, refers_to } => {
                match word {
                    Pronoun::It | Pronoun::Them | Pronoun::They => {}
                }
                match refers_to {
                    Ref::This | Ref::Host | Ref::Binding(_) => {}
                }
            }
            Np::Phrase(p) => self.phrase(&np.span, p),
            Np::TopOfDeck { .. } => self.no(&np.span, "`the top card(s) of your deck`"),
            Np::Rest { .. } => self.no(&np.span, "`the rest`"),
            // `defeat 2 instead`: the phrase named before, counted.
            Np::Count {
                post,
                elided: Some(Ref::Binding(_)),
                ..
            } if post.is_empty() => {}
            Np::Count { .. } => self.no(&np.span, "a bare count of cards"),
            Np::And(a, b) => {
                self.target(a);
                self.target(b);
            }
        }
    }

    fn phrase(&mut self, span: &Span, p: &Phrase) {
        // `a Rival's …` of cards in play (crate::interp::conditions::possessed)
        if p.owner.is_some() && !matches!(p.head.noun, Noun::Unit | Noun::Legend | Noun::Gear) {
            self.no(span, "a possessive (`a Rival's …`)");
        }
        match p.quantity {
            Quantity::One | Quantity::All | Quantity::Exactly(_) | Quantity::Bare => {}
            // `each`, `another`, `up to N` (crate::interp::run::select)
            Quantity::Each | Quantity::Another | Quantity::UpTo(_) => {}
            Quantity::This | Quantity::That | Quantity::The | Quantity::Its | Quantity::Their
                if p.refers_to.is_some() => {}
            Quantity::This
            | Quantity::That
            | Quantity::The
            | Quantity::Its
            | Quantity::Their
            | Quantity::Those
            | Quantity::Your
            | Quantity::OneOrMore
            | Quantity::OneOfTheir
            | Quantity::AtLeast(_) => self.no(span, "this determiner"),
        }
        if p.first {
            self.no(span, "`first`");
        }
        if let Some(part) = p.participle {
            match part {
                // `the opposing rival Unit`: the Unit the trigger's fight bound.
                Participle::Opposing if p.refers_to.is_some() => {}
                Participle::Opposing | Participle::Discarded | Participle::Chosen => {
                    self.no(span, "`opposing`/`discarded`/`chosen`")
                }
            }
        }
        match p.orientation {
            None | Some(Orientation::Spent) | Some(Orientation::Ready) => {}
        }
        match p.controller {
            None | Some(Controller::Friendly) | Some(Controller::Rival) => {}
        }
        match p.status {
            None | Some(Status::FaceUp) | Some(Status::FaceDown) => {}
            Some(Status::Equipped) | Some(Status::Unequipped) => {}
        }
        match &p.quality {
            None | Some(Quality::Tag(_)) => {}
            Some(Quality::Min) | Some(Quality::Max) if p.head.noun == Noun::Gig => {}
            Some(Quality::LowestPower) if p.head.noun == Noun::Unit => {}
            // crate::interp::run::describes_in
            Some(Quality::Colour(_)) if matches!(p.head.noun, Noun::Unit | Noun::Legend) => {}
            Some(Quality::Colour(_))
            | Some(Quality::Min)
            | Some(Quality::Max)
            | Some(Quality::LowestPower) => {
                self.no(span, "this quality (colour, `min`, `lowest-power`)")
            }
        }
        self.noun(span, &p.head.noun);
        if let Some(or) = &p.or {
            self.noun(span, &or.head.noun);
            if or.colour.is_some() {
                self.no(span, "a colour");
            }
        }
        for post in &p.post {
            match &post.node {
                PostMod::With(f) => self.filter(&post.span, f),
                PostMod::AtMaxValue if p.head.noun == Noun::Gig => {}
                // `in your Legends area` of Legends
                PostMod::In(z)
                    if p.head.noun == Noun::Legend && z.as_slice() == [Zone::LegendsArea] => {}
                PostMod::FromZone(_)
                | PostMod::FromAmong(_)
                | PostMod::FromCard(_)
                | PostMod::In(_)
                | PostMod::OfGigs
                | PostMod::AtMaxValue => self.no(&post.span, "this post-modifier"),
            }
        }
    }

    fn noun(&mut self, span: &Span, n: &Noun) {
        match n {
            Noun::Unit | Noun::Legend | Noun::Gear | Noun::Gig => {}
            Noun::Program
            | Noun::Card
            | Noun::CardType
            | Noun::Type
            | Noun::Eddie
            | Noun::Die(_)
            | Noun::ValuePair
            | Noun::SidedPair
            | Noun::Player
            | Noun::Rival
            | Noun::Named(_) => self.no(span, "this noun"),
        }
    }

    fn filter(&mut self, span: &Span, f: &Filter) {
        match f {
            Filter::Stat { stat, cmp } => {
                match stat {
                    Stat::Power | Stat::Cost => {}
                    Stat::Value => self.no(span, "a value filter"),
                }
                match cmp {
                    Comparison::Is(_) | Comparison::AtMost(_) | Comparison::AtLeast(_) => {}
                    // numbers read from Gigs (crate::interp::conditions::compare_read)
                    Comparison::EqualTo(e) | Comparison::AtMostExpr(e)
                        if stat != &Stat::Value
                            && matches!(&e.node, Expr::ValueOf(np) if is_gig_phrase(np)) => {}
                    // `the discarded card's cost`, `the Gig's value`: a number of a card or Gig
                    // the effect bound (crate::interp::conditions::compare_read_in)
                    Comparison::EqualTo(e)
                    | Comparison::AtMostExpr(e)
                    | Comparison::HigherThan(e)
                    | Comparison::LessThan(e)
                        if stat != &Stat::Value && is_bound_number(&e.node) => {}
                    Comparison::EqualTo(_)
                    | Comparison::AtMostExpr(_)
                    | Comparison::HigherThan(_)
                    | Comparison::LessThan(_) => {
                        self.no(span, "a comparison with a number read from the game")
                    }
                }
            }
            Filter::Keyword(k) => match k {
                KeywordName::Blocker
                | KeywordName::Quick
                | KeywordName::GoSolo
                | KeywordName::Adrenaline => {}
            },
            // crate::interp::conditions::filter_more
            Filter::LessPowerThan(np) if is_unit_phrase(np) => {}
            Filter::NoEquipped(h) if h.noun == Noun::Gear => {}
            Filter::ValueAtLeast(_)
            | Filter::ValueParity(_)
            | Filter::DifferentValues
            | Filter::SameSidesAs(_)
            | Filter::LessPowerThan(_)
            | Filter::NoEquipped(_) => self.no(span, "this filter"),
        }
    }
}

/// A `with …` filter of an event's Gig: a printed number, or a number of a card the event
/// bound (`with value less than its power`).
fn is_event_gig_filter(m: &PostMod) -> bool {
    let PostMod::With(Filter::Stat {
        stat: Stat::Value,
        cmp,
    }) = m
    else {
        return false;
    };
    match cmp {
        Comparison::Is(_) | Comparison::AtMost(_) | Comparison::AtLeast(_) => true,
        Comparison::EqualTo(e)
        | Comparison::AtMostExpr(e)
        | Comparison::HigherThan(e)
        | Comparison::LessThan(e) => matches!(
            &e.node,
            Expr::Stat {
                owner: Owner::Its(Ref::Binding(_)),
                stat: Stat::Power | Stat::Cost,
            }
        ),
    }
}

/// `the discarded card's cost`, `the Gig's value`: a number of what an earlier phrase bound.
fn is_bound_number(e: &Expr) -> bool {
    match e {
        Expr::Stat {
            owner: Owner::Of(np),
            ..
        } => matches!(&np.node, Np::Phrase(p) if matches!(p.refers_to, Some(Ref::Binding(_)))),
        _ => false,
    }
}

/// `3` standing for cards, with no filter: `Trash 3`, `Discard 1`.
pub(crate) fn is_bare_count(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Count { post, elided: None, .. } if post.is_empty())
}

/// `a friendly Gig`, `a rival min Gig`, `a Gig at max value`, `a d20`: one Gig in a Gig area.
pub(crate) fn is_gig_phrase(np: &NounPhrase) -> bool {
    let Np::Phrase(p) = &np.node else {
        return false;
    };
    matches!(p.head.noun, Noun::Gig | Noun::Die(_))
        && p.quantity == Quantity::One
        && p.owner.is_none()
        && p.refers_to.is_none()
        && !p.other
        && !p.first
        && p.participle.is_none()
        && p.orientation.is_none()
        && p.status.is_none()
        && p.or.is_none()
        && matches!(p.quality, None | Some(Quality::Min) | Some(Quality::Max))
        && p.post.iter().all(|x| matches!(x.node, PostMod::AtMaxValue))
}

/// `a Rival` (the other player of a two-player game).
pub(crate) fn is_a_rival(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if p.head.noun == Noun::Rival
        && p.quantity == Quantity::One
        && p.owner.is_none()
        && p.post.is_empty())
}

/// `a Gig`, `a friendly Gig`, `a player's Gig`, `another player's Gig`, `another Gig`: one Gig in
/// a Gig area (`set … to …`).
pub(crate) fn is_any_gig_phrase(np: &NounPhrase) -> bool {
    let Np::Phrase(p) = &np.node else {
        return false;
    };
    p.head.noun == Noun::Gig
        && (matches!(p.quantity, Quantity::One | Quantity::Another)
            || (p.owner.is_some() && p.quantity == Quantity::Bare))
        && p.owner.is_none_or(|o| !o.rival)
        && p.refers_to.is_none()
        && !p.first
        && p.participle.is_none()
        && p.orientation.is_none()
        && p.status.is_none()
        && p.or.is_none()
        && p.quality.is_none()
        && p.post.is_empty()
}

/// `a value-pair`, `a sided-pair of Gigs` (rule 6.5): two friendly Gigs with the same value or
/// the same number of sides.
pub(crate) fn is_pair_of_gigs(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if matches!(p.head.noun, Noun::ValuePair | Noun::SidedPair)
        && p.quantity == Quantity::One
        && p.owner.is_none()
        && p.controller.is_none()
        && p.quality.is_none()
        && p.post.iter().all(|x| matches!(x.node, PostMod::OfGigs)))
}

/// `it`, `that Unit`, `this Unit`: a reference to something named before (or the card).
pub(crate) fn is_reference(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Pronoun { .. } => true,
        Np::Phrase(p) => p.refers_to.is_some() && p.owner.is_none() && p.post.is_empty(),
        _ => false,
    }
}

/// `a Legend`, `it`: the Legend of `Call … for free`.
fn is_legend_to_call(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Pronoun { .. } => true,
        Np::Phrase(p) => {
            p.head.noun == Noun::Legend
                && p.quantity == Quantity::One
                && p.post.is_empty()
                && p.quality.is_none()
                && p.owner.is_none()
                && p.or.is_none()
        }
        _ => false,
    }
}

/// `a ROCKER Unit`, `a Unit`: a kind of card a reference is checked against.
fn is_card_kind(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if matches!(p.head.noun, Noun::Unit | Noun::Legend | Noun::Gear)
        && p.owner.is_none()
        && p.refers_to.is_none()
        && p.or.is_none()
        && p.post.is_empty()
        && p.participle.is_none()
        && matches!(p.quality, None | Some(Quality::Tag(_))))
}

/// A number the interpreter reads from the game: `the value of a friendly Gig`, `its cost`,
/// `the card's cost`, `that Gig's value`.
fn is_number(e: &Expr) -> bool {
    match e {
        Expr::ValueOf(np) => is_gig_phrase(np) || is_reference(np),
        Expr::TotalDiscarded => true,
        Expr::Stat { owner, .. } => match owner {
            Owner::Its(_) | Owner::Their(_) => true,
            Owner::Of(np) => is_reference(np),
        },
    }
}

/// `a value-pair [of Gigs]` (rule 6.5).
fn is_value_pair(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if p.head.noun == Noun::ValuePair
        && p.quantity == Quantity::One
        && p.owner.is_none()
        && p.controller.is_none()
        && p.post.iter().all(|x| matches!(x.node, PostMod::OfGigs)))
}

/// `a friendly Unit` after `less power than`: Units in play, by controller only.
fn is_unit_phrase(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if p.head.noun == Noun::Unit
        && p.quantity == Quantity::One
        && p.owner.is_none()
        && p.refers_to.is_none()
        && p.quality.is_none()
        && p.post.is_empty())
}

/// `{Attack} If this Unit wins a fight against a rival Unit, <sentence>.`: one sentence whose
/// condition is the fight of the attack (PHRASES hard case 3.6), run again once the fight is
/// won (`Game::won_fight`).
pub(crate) fn is_fight_condition(a: Option<&Ability>) -> bool {
    let Some(Ability::Triggered { trigger, effect }) = a else {
        return false;
    };
    let Trigger::Labels(labels) = &trigger.node else {
        return false;
    };
    let Effect::Sentences(ss) = effect else {
        return false;
    };
    labels.as_slice() == [Label::Attack]
        && ss.len() == 1
        && matches!(&ss[0].node.lead, Some(l) if matches!(&l.node,
            Lead::If(c) if matches!(&c.node, Condition::WinsAFightAgainst { subject, against }
                if is_this_unit(subject) && is_unit_phrase(against))))
}

/// `this Unit`: the card, or on a Gear the card it is equipped to.
fn is_this_unit(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(p) => matches!(p.refers_to, Some(Ref::This) | Some(Ref::Host)),
        Np::Pronoun { refers_to, .. } => matches!(refers_to, Ref::This | Ref::Host),
        _ => false,
    }
}

/// `this Unit's power`.
fn is_own_power(e: &Expr) -> bool {
    match e {
        Expr::Stat {
            owner: Owner::Of(np),
            stat: Stat::Power,
        } => {
            matches!(&np.node, Np::Pronoun { .. })
                || matches!(&np.node, Np::Phrase(p) if p.refers_to.is_some())
        }
        Expr::Stat {
            owner: Owner::Its(_),
            stat: Stat::Power,
        } => true,
        _ => false,
    }
}

/// `a Program`, `a Unit`, … (what was played).
fn is_played_kind(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if matches!(p.head.noun, Noun::Program | Noun::Unit | Noun::Gear | Noun::Legend)
        && p.post.is_empty() && p.quality.is_none() && p.controller.is_none())
}
