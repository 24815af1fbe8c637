//! Events: what a trigger, a window, a delayed effect, `would` or this turn's history waits for.

use super::effect::Builder;
use super::np::{names, noun, slot, Names};
use crate::prim::{EventBinds, EventKind, EventPattern, Pred};
use crate::source::Span;
use crate::syntax::tree::{self as t, Adjunct, Det, Form, Noun, NounPhrase, Np, Object, Verb};

impl Builder<'_, '_> {
    /// The pattern of an event: `this Unit steals a Gig`, `a Rival plays a Program`, `an ARASAKA
    /// Unit is defeated`, `a rival Unit would steal a Gig`.
    pub(crate) fn event(&mut self, e: &t::Spanned<t::EventPhrase>) -> EventPattern {
        let ev = &e.node;
        let vp = &ev.vp.node;
        let mut p = EventPattern {
            kinds: Vec::new(),
            actor: Pred::True,
            object: Pred::True,
            other: Pred::True,
            margin: None,
            per_event: false,
            would: ev.would,
            binds: EventBinds::default(),
        };
        // A passive (`is defeated`, `is spent`, `be equipped`) is about its subject as the
        // object; an active verb's subject does it.
        let passive = vp.copula.is_some() || vp.form == Form::Participle;
        let subject = self.event_np(&ev.subject);
        if passive {
            p.object = subject;
            p.binds.object = ev.subject.binds.map(slot);
        } else {
            p.actor = subject;
            p.binds.actor = ev.subject.binds.map(slot);
        }
        if vp.copula.is_some() && vp.verbs.is_empty() {
            // `this Unit or Legend is spent`: the state word is the verb
            for o in &vp.objects {
                if let Object::States(s) = &o.node {
                    for w in &s.words.words {
                        match w.node {
                            t::PremodWord::Spent => p.kinds.push(EventKind::Spend),
                            t::PremodWord::Ready => p.kinds.push(EventKind::Ready),
                            t::PremodWord::Equipped => p.kinds.push(EventKind::Equip),
                            _ => self.cx.error(w.span, "no event is named by this word"),
                        }
                    }
                }
            }
        }
        for v in &vp.verbs {
            match self.event_kind(v.node, vp, v.span) {
                Some(k) => p.kinds.extend(k),
                None => self
                    .cx
                    .error(v.span, "this is not something that happens in a game"),
            }
        }
        for o in &vp.objects {
            if let Object::Np(np) = &o.node {
                match names(self, np) {
                    // `wins a fight`, `roll a min or max value on a Gig`: not the object
                    Names::Other | Names::Number => {
                        if let Np::Phrase(q) = &np.node {
                            if noun(q) == Some(&Noun::Fight) {
                                p.binds.other = np.binds.map(slot);
                            }
                            if q.premods.iter().any(|m| {
                                super::np::has_word(m, &t::PremodWord::Min)
                                    || super::np::has_word(m, &t::PremodWord::Max)
                            }) {
                                // `a min or max value`: the kind says it
                            }
                        }
                    }
                    _ => {
                        p.per_event |= one_or_more(np);
                        p.object = self.event_np(np);
                        p.binds.object = np.binds.map(slot);
                    }
                }
            }
        }
        for a in &vp.adjuncts {
            match &a.node {
                Adjunct::Against(np) => {
                    p.other = self.event_np(np);
                    if p.binds.other.is_none() {
                        p.binds.other = np.binds.map(slot);
                    }
                }
                Adjunct::By(by) => {
                    if let t::ByAmount::Number(t::Number::Np(n)) = &by.amount {
                        if let Np::Phrase(q) = &n.node {
                            if let Some(Det::Plus(m) | Det::OrMore(m) | Det::AtLeast(m)) =
                                q.det.as_ref().map(|d| d.node)
                            {
                                p.margin = Some(m);
                            }
                        }
                    }
                    if let t::ByAmount::AtLeast(m) = by.amount {
                        p.margin = Some(m);
                    }
                }
                Adjunct::On(np) => {
                    p.object = self.event_np(np);
                    p.binds.object = np.binds.map(slot);
                }
                Adjunct::To(np) if passive && names(self, np) == Names::Cards => {
                    // `a Gear is equipped to this Unit`: the host
                    p.other = self.event_np(np);
                }
                Adjunct::From(_) | Adjunct::Duration(_) | Adjunct::To(_) => {}
                _ => self.cx.error(a.span, "this does not describe what happens"),
            }
        }
        if let Some(b) = ev.binds {
            p.binds.other = Some(slot(b));
        }
        p
    }

    /// The event kinds a verb names.
    fn event_kind(&mut self, v: Verb, vp: &t::VerbPhrase, span: Span) -> Option<Vec<EventKind>> {
        let object_noun = vp.objects.iter().find_map(|o| match &o.node {
            Object::Np(NounPhrase {
                node: Np::Phrase(p),
                ..
            }) => noun(p).cloned(),
            _ => None,
        });
        let _ = span;
        Some(match v {
            Verb::Play => vec![EventKind::Play],
            Verb::Call => vec![EventKind::Call],
            Verb::GoSolo => vec![EventKind::GoSolo],
            Verb::Attack => vec![EventKind::Attack],
            Verb::Block => vec![EventKind::Block],
            Verb::Use => vec![EventKind::Block], // `uses {Blocker}` (the only keyword one uses so)
            Verb::Fight => vec![EventKind::Fight],
            Verb::Win if object_noun == Some(Noun::Fight) => vec![EventKind::WinFight],
            Verb::Lose if object_noun == Some(Noun::Fight) => vec![EventKind::LoseFight],
            Verb::Defeat => vec![EventKind::Defeat],
            Verb::Spend => vec![EventKind::Spend],
            Verb::Ready => vec![EventKind::Ready],
            Verb::Steal => vec![EventKind::Steal],
            Verb::Draw => vec![EventKind::Draw],
            Verb::Discard => vec![EventKind::Discard],
            Verb::Sell => vec![EventKind::Sell],
            Verb::RollIn => vec![EventKind::RollIn],
            Verb::Roll => vec![EventKind::RollMinMax],
            Verb::Increase => vec![EventKind::Increase],
            Verb::Decrease => vec![EventKind::Decrease],
            Verb::Adjust => vec![EventKind::Increase, EventKind::Decrease],
            Verb::Set => vec![EventKind::SetGig],
            Verb::Swap => vec![EventKind::Swap],
            Verb::Equip => vec![EventKind::Equip],
            Verb::Return => vec![EventKind::Return],
            Verb::BottomDeck => vec![EventKind::BottomDeck],
            Verb::Trash => vec![EventKind::Trash],
            Verb::Remove => vec![EventKind::Remove],
            _ => return None,
        })
    }

    /// What an event's noun phrase describes: a reference is that object, a player phrase that
    /// player, a card phrase what it describes.
    fn event_np(&mut self, np: &NounPhrase) -> Pred {
        self.note(np);
        if names(self, np) == Names::Players {
            if let Some(b) = np.binds {
                let w = self.who(np);
                self.players.insert(b.0, w);
            }
        }
        self.pred(np)
    }
}

/// `1 or more Gigs`: once per event (FAQ §12.10).
fn one_or_more(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p)
        if matches!(p.det.as_ref().map(|d| d.node), Some(Det::OneOrMore | Det::OrMore(_))))
}
