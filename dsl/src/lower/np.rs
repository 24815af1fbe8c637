//! Noun phrases: the objects they select, the property they describe, the player or the zone
//! they name.

use super::effect::Builder;
use crate::card::CardType;
use crate::prim::{
    self, Area, Best, Cmp, Count, Num, Pred, Rel, Scope, Selector, Slot, Stat, Target, Who,
};
use crate::source::Span;
use crate::syntax::tree::{
    self as t, CardTypeWord, Det, HeadAlt, Noun, NounPhrase, Np, Partitive, Phrase, Postmod,
    PremodWord, Ref,
};

/// The slot of a binding.
pub(crate) fn slot(b: t::BindingId) -> Slot {
    Slot(u16::try_from(b.0).unwrap_or(u16::MAX))
}

/// What a noun phrase's noun names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Names {
    /// cards
    Cards,
    /// Gigs
    Gigs,
    /// Eddies
    Eddies,
    /// players
    Players,
    /// a zone (`your hand`)
    Zone,
    /// a number one has (`this Unit's power`, `☆`)
    Number,
    /// anything else (`one effect`, `a fight`, `the game`, `a card type`)
    Other,
}

/// The first noun of a phrase.
pub(crate) fn noun(p: &Phrase) -> Option<&Noun> {
    p.heads.first().map(|h| &h.head.node.noun)
}

/// What a noun names.
pub(crate) fn names_of(n: &Noun) -> Names {
    match n {
        Noun::Unit | Noun::Legend | Noun::Gear | Noun::Program | Noun::Card | Noun::Named(_) => {
            Names::Cards
        }
        Noun::Gig | Noun::Die(_) | Noun::ValuePair | Noun::SidedPair => Names::Gigs,
        Noun::Eddie => Names::Eddies,
        Noun::Rival | Noun::Player | Noun::Owner | Noun::Controller => Names::Players,
        n if n.is_zone() => Names::Zone,
        n if n.is_number() => Names::Number,
        _ => Names::Other,
    }
}

/// What a noun phrase names.
pub(crate) fn names(b: &Builder, np: &NounPhrase) -> Names {
    match &np.node {
        Np::Pronoun { refers_to, word } => match (refers_to, word) {
            (Ref::You, _) => Names::Players,
            (Ref::Binding(id), _) => match b.cx.kind_of(*id) {
                Some(t::Kind::Player) => Names::Players,
                Some(t::Kind::Gig) => Names::Gigs,
                Some(t::Kind::Zone) => Names::Zone,
                Some(t::Kind::Eddie) => Names::Eddies,
                Some(t::Kind::CardType | t::Kind::Fight | t::Kind::Thing) => Names::Other,
                _ => Names::Cards,
            },
            _ => Names::Cards,
        },
        Np::Rest { .. } | Np::Count { .. } => Names::Cards,
        Np::Phrase(p) => noun(p).map_or(Names::Other, names_of),
        Np::And(v) => v.first().map_or(Names::Other, |x| names(b, x)),
    }
}

/// The reference a noun phrase only points back with, if it is one (`it`, `that Gig`, `this
/// Unit`, `those Gigs`), not a phrase describing things of a referent (`its equipped Gear`).
pub(crate) fn reference(np: &NounPhrase) -> Option<Ref> {
    match &np.node {
        Np::Pronoun { refers_to, .. } => Some(*refers_to),
        Np::Phrase(p) if p.possessor.is_none() && p.partitive.is_none() => p.refers_to,
        _ => None,
    }
}

/// Whether a phrase names every object it describes: `all`, `each`, `every`, a bare plural.
pub(crate) fn is_every(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(p) => {
            p.refers_to.is_none()
                && (matches!(
                    p.det.as_ref().map(|d| d.node),
                    Some(Det::All | Det::Each | Det::Every)
                ) || matches!(
                    p.partitive.as_ref().map(|x| x.node),
                    Some(Partitive::Each | Partitive::All)
                ) || (p.det.is_none()
                    && p.possessor.is_none()
                    && p.partitive.is_none()
                    && p.heads.first().is_some_and(|h| h.head.node.plural)))
        }
        _ => false,
    }
}

/// All of these properties, flattened.
pub(crate) fn and(v: Vec<Pred>) -> Pred {
    let mut v: Vec<Pred> = v
        .into_iter()
        .flat_map(|p| match p {
            Pred::All(inner) => inner,
            p => vec![p],
        })
        .collect();
    v.retain(|p| *p != Pred::True);
    match v.len() {
        0 => Pred::True,
        1 => v.pop().unwrap_or(Pred::True),
        _ => Pred::All(v),
    }
}

/// Any of these properties.
pub(crate) fn any(mut v: Vec<Pred>) -> Pred {
    match v.len() {
        0 => Pred::True,
        1 => v.pop().unwrap_or(Pred::True),
        _ => Pred::Any(v),
    }
}

impl Builder<'_, '_> {
    /// What a reference names.
    pub(crate) fn refer(&mut self, r: Ref) -> Target {
        match r {
            // The resolver has read `this Unit` on a Gear as its host already: `this Gear`,
            // `this card` are the card itself, in either textbox.
            Ref::This => Target::This,
            Ref::Host => Target::Host,
            Ref::Binding(id) => {
                if let Some(seen) = self.recording.as_mut() {
                    seen.push(id.0);
                }
                // what a condition's subject described: every such object, read now
                if let Some(sel) = self.cond_bound.get(&id.0) {
                    return Target::All(Box::new(sel.clone()));
                }
                Target::Slot(slot(id))
            }
            Ref::You | Ref::Modes => Target::This,
        }
    }

    /// The player a reference names.
    pub(crate) fn refer_who(&mut self, r: Ref) -> Who {
        match r {
            Ref::You => Who::You,
            Ref::Binding(id) => match self.cx.kind_of(id) {
                Some(t::Kind::Player) => match self.players.get(&id.0) {
                    Some(w) => w.clone(),
                    None => Who::Slot(slot(id)),
                },
                _ => Who::ControllerOf(self.refer(r)),
            },
            _ => Who::ControllerOf(self.refer(r)),
        }
    }

    /// The player a noun phrase names: `you`, `a Rival`, `each player`, `that Rival`, `its
    /// controller`, `its owner`, `they`.
    pub(crate) fn who(&mut self, np: &NounPhrase) -> Who {
        let w = match &np.node {
            Np::Pronoun { refers_to, .. } => self.refer_who(*refers_to),
            Np::Phrase(p) => {
                if let Some(r) = p.refers_to {
                    return self.refer_who(r);
                }
                let det = p.det.as_ref().map(|d| d.node);
                match noun(p) {
                    Some(Noun::Rival) => Who::Rival,
                    Some(Noun::Player)
                        if matches!(det, Some(Det::Each | Det::Every | Det::All)) =>
                    {
                        Who::Each
                    }
                    Some(Noun::Player) if det == Some(Det::Another) => Who::Rival,
                    Some(Noun::Player)
                        if p.premods.iter().any(|m| has_word(m, &PremodWord::Rival)) =>
                    {
                        Who::Rival
                    }
                    Some(Noun::Controller) => match p.possessor.as_deref() {
                        Some(o) => Who::ControllerOf(self.fixed(o)),
                        None => Who::You,
                    },
                    Some(Noun::Owner) => match p.possessor.as_deref() {
                        Some(o) => Who::OwnerOf(self.fixed(o)),
                        None => Who::You,
                    },
                    _ => {
                        self.cx.error(np.span, "this names no player");
                        Who::You
                    }
                }
            }
            _ => {
                self.cx.error(np.span, "this names no player");
                Who::You
            }
        };
        if let Some(b) = np.binds {
            self.players.insert(b.0, w.clone());
        }
        w
    }

    /// The player a possessor names, or `None` for `a player's` (either player's).
    pub(crate) fn some_player(&mut self, np: &NounPhrase) -> Option<Who> {
        if let Np::Phrase(p) = &np.node {
            let det = p.det.as_ref().map(|d| d.node);
            if noun(p) == Some(&Noun::Player)
                && matches!(det, Some(Det::A | Det::Any) | None)
                && p.refers_to.is_none()
            {
                return None;
            }
            if noun(p) == Some(&Noun::Player) && det == Some(Det::Another) {
                // `another player's`: not the player named before (read by the caller)
                return None;
            }
        }
        Some(self.who(np))
    }

    /// The zones a noun phrase names, and whose: `your hand`, `a Rival's deck`, `your hand or
    /// trash`, `their hand`, `its owner's hand`.
    pub(crate) fn zone(&mut self, np: &NounPhrase) -> Option<(Vec<Area>, Who)> {
        let Np::Phrase(p) = &np.node else {
            if let Np::Pronoun {
                refers_to: Ref::Binding(id),
                ..
            } = &np.node
            {
                return self.zones_of.get(&id.0).cloned();
            }
            return None;
        };
        let mut zones = Vec::new();
        for h in &p.heads {
            match &h.head.node.noun {
                Noun::Hand => zones.push(Area::Hand),
                Noun::Deck => zones.push(Area::Deck),
                Noun::Trash => zones.push(Area::Trash),
                Noun::LegendsArea => zones.push(Area::Legends),
                Noun::Field => zones.push(Area::Field),
                Noun::FixerArea | Noun::GigArea | Noun::Game => {}
                _ => return None,
            }
        }
        let whose = match p.possessor.as_deref() {
            Some(o) => self.who(o),
            None => Who::You,
        };
        if let Some(b) = np.binds {
            self.zones_of.insert(b.0, (zones.clone(), whose.clone()));
        }
        Some((zones, whose))
    }

    /// The property a noun phrase describes of one object.
    pub(crate) fn pred(&mut self, np: &NounPhrase) -> Pred {
        match &np.node {
            Np::Pronoun { refers_to, .. } => self.ref_pred(*refers_to),
            Np::Phrase(p) if reference(np).is_some() => {
                self.ref_pred(p.refers_to.unwrap_or(Ref::This))
            }
            Np::Phrase(p) => self.phrase_pred(p, np.span),
            Np::And(v) => {
                let all = v.iter().map(|x| self.pred(x)).collect();
                any(all)
            }
            Np::Count {
                postmods, elided, ..
            } => {
                let mut all = Vec::new();
                if let Some(Ref::Binding(id)) = elided {
                    let looked =
                        self.searched.contains(&slot(*id)) || self.looked == Some(slot(*id));
                    if let (false, Some((p, span))) = (looked, self.introduced.get(&id.0).cloned())
                    {
                        all.push(self.phrase_pred(&p, span));
                    }
                }
                for m in postmods {
                    if let Some(x) = self.postmod_pred(&m.node, m.span) {
                        all.push(x);
                    }
                }
                and(all)
            }
            Np::Rest { .. } => Pred::True,
        }
    }

    /// The property of being what a reference names.
    pub(crate) fn ref_pred(&mut self, r: Ref) -> Pred {
        match r {
            Ref::You => and(vec![Pred::Player, Pred::Rel(Rel::Friendly)]),
            Ref::Binding(id) if self.cx.kind_of(id) == Some(t::Kind::Player) => {
                let w = self.refer_who(r);
                and(vec![Pred::Player, Pred::ControlledBy(w)])
            }
            r => Pred::Is(self.refer(r)),
        }
    }

    /// The property a phrase (without a plain reference) describes.
    pub(crate) fn phrase_pred(&mut self, p: &Phrase, span: Span) -> Pred {
        let mut all = Vec::new();
        // Shared pre-modifiers, then each noun with its own.
        for m in &p.premods {
            if let Some(x) = self.premod(m) {
                all.push(x);
            }
        }
        let heads: Vec<Pred> = p.heads.iter().map(|h| self.head_alt(h, span)).collect();
        all.push(any(heads));
        if p.det.as_ref().is_some_and(|d| d.node == Det::Another) {
            // `another Unit`: not this card; `another Gig`: not the one just named.
            match noun(p).map(names_of) {
                Some(Names::Gigs) => {
                    if let Some(prev) = self.last_gig {
                        all.push(Pred::Not(Box::new(Pred::Is(Target::Slot(prev)))));
                    }
                }
                _ => all.push(Pred::Not(Box::new(Pred::Is(self.cx.this())))),
            }
        }
        // `its equipped Gear`, `its "DEADMAN TRANSMITTER"`: on the card the possessor names;
        // `a Rival's Unit`, `one of their Units`: controlled by the player it names.
        if let Some(o) = p.possessor.as_deref() {
            match names(self, o) {
                Names::Players => {
                    if let Some(w) = self.some_player(o) {
                        all.push(super::cond::controlled_by(w));
                    }
                }
                Names::Cards => {
                    let owner = self.fixed(o);
                    all.push(Pred::EquippedTo(owner));
                }
                _ => {}
            }
        }
        for m in &p.postmods {
            if let Some(x) = self.postmod_pred(&m.node, m.span) {
                all.push(x);
            }
        }
        and(all)
    }

    /// One noun with its own pre-modifiers.
    fn head_alt(&mut self, h: &HeadAlt, span: Span) -> Pred {
        let mut all = Vec::new();
        for m in &h.premods {
            if let Some(x) = self.premod(m) {
                all.push(x);
            }
        }
        all.push(self.head(&h.head.node.noun, span));
        and(all)
    }

    /// What a noun describes.
    fn head(&mut self, n: &Noun, span: Span) -> Pred {
        match n {
            Noun::Unit => Pred::Type(vec![CardType::Unit]),
            Noun::Legend => Pred::Type(vec![CardType::Legend]),
            Noun::Gear => Pred::Type(vec![CardType::Gear]),
            Noun::Program => Pred::Type(vec![CardType::Program]),
            Noun::Card | Noun::Eddie => Pred::True,
            Noun::Named(name) => Pred::Named(name.clone()),
            Noun::Gig | Noun::ValuePair | Noun::SidedPair => Pred::Gig,
            Noun::Die(s) => and(vec![
                Pred::Gig,
                Pred::Stat {
                    stat: Stat::Sides,
                    cmp: Cmp::Eq,
                    to: Num::Lit(i64::from(*s)),
                },
            ]),
            Noun::Player | Noun::Owner | Noun::Controller => Pred::Player,
            Noun::Rival => and(vec![Pred::Player, Pred::Rel(Rel::Rival)]),
            _ => {
                let _ = span;
                Pred::True
            }
        }
    }

    /// What a pre-modifier (an `or`-list of words) describes.
    pub(crate) fn premod(&mut self, m: &t::Spanned<t::Premod>) -> Option<Pred> {
        let mut alts = Vec::new();
        for w in &m.node.words {
            if let Some(p) = self.premod_word(&w.node, w.span) {
                alts.push(p);
            }
        }
        (!alts.is_empty()).then(|| any(alts))
    }

    /// What one pre-modifier word describes (`None` for words read elsewhere: `first`, `top 3`,
    /// `lowest-power`, `opposing`, …).
    pub(crate) fn premod_word(&mut self, w: &PremodWord, span: Span) -> Option<Pred> {
        Some(match w {
            PremodWord::Other => Pred::Not(Box::new(Pred::Is(self.cx.this()))),
            PremodWord::Spent => Pred::Spent,
            PremodWord::Ready => Pred::Not(Box::new(Pred::Spent)),
            PremodWord::Friendly => Pred::Rel(Rel::Friendly),
            PremodWord::Rival => Pred::Rel(Rel::Rival),
            PremodWord::Equipped => Pred::Equipped,
            PremodWord::Unequipped => Pred::Not(Box::new(Pred::Equipped)),
            PremodWord::FaceUp => Pred::FaceUp,
            PremodWord::FaceDown => and(vec![
                Pred::Not(Box::new(Pred::FaceUp)),
                Pred::InZone(vec![Area::Legends]),
            ]),
            PremodWord::Min => Pred::Min,
            PremodWord::Max => Pred::Max,
            PremodWord::Even => Pred::Parity {
                stat: Stat::Value,
                parity: prim::Parity::Even,
            },
            PremodWord::Odd => Pred::Parity {
                stat: Stat::Value,
                parity: prim::Parity::Odd,
            },
            PremodWord::Colour(c) => Pred::Colour(*c),
            PremodWord::Tag(tag) => {
                self.tags.push((tag.clone(), span));
                Pred::Tag(tag.clone())
            }
            PremodWord::CardType(c) => Pred::Type(vec![card_type(*c)]),
            PremodWord::Attacking => Pred::Role(prim::Role::Attacking),
            PremodWord::Blocking => Pred::Role(prim::Role::Blocking),
            PremodWord::Defending => Pred::Role(prim::Role::Attacked),
            PremodWord::First
            | PremodWord::Next
            | PremodWord::Last
            | PremodWord::Top(_)
            | PremodWord::HighestPower
            | PremodWord::LowestPower
            | PremodWord::Highest
            | PremodWord::Lowest
            | PremodWord::Opposing
            | PremodWord::Discarded
            | PremodWord::Chosen
            | PremodWord::Stolen
            | PremodWord::Same
            | PremodWord::Different
            | PremodWord::Total
            | PremodWord::Random
            | PremodWord::Higher
            | PremodWord::Lower
            | PremodWord::Empty => return None,
        })
    }

    /// What a post-modifier adds (zones and sources are read as the scope).
    pub(crate) fn postmod_pred(&mut self, m: &Postmod, span: Span) -> Option<Pred> {
        match m {
            Postmod::With(np) => Some(self.with(np, span)),
            Postmod::WithKeywords(ks) => Some(any(ks
                .iter()
                .map(|k| Pred::Keyword(super::keyword_of(*k)))
                .collect())),
            Postmod::Named(n) => Some(Pred::Named(n.clone())),
            Postmod::AtValue { max: true } => Some(Pred::Max),
            Postmod::AtValue { max: false } => Some(Pred::Min),
            Postmod::From { among: false, what } if names(self, what) == Names::Cards => {
                // `a Gear from this Legend`: on that card.
                Some(Pred::EquippedTo(self.fixed(what)))
            }
            Postmod::That { modal: None, vp } => Some(self.did_this_turn(vp)),
            Postmod::NotSharedBy(np) => {
                let sel = self.all_of(np);
                Some(Pred::Not(Box::new(Pred::Shares {
                    stat: Stat::Value,
                    with: Box::new(sel),
                })))
            }
            // read by what the phrase is in: the scope, a count (`more Gigs than you`), a number
            // (`the same value as …`)
            Postmod::From { .. }
            | Postmod::In(_)
            | Postmod::Of(_)
            | Postmod::As(_)
            | Postmod::Than(_)
            | Postmod::Compared { .. } => None,
            Postmod::That { .. } => {
                self.cx.error(
                    span,
                    "`that can …` says nothing about what the noun describes",
                );
                None
            }
        }
    }

    /// `with …`: `with power 4 or less`, `with 8+ value`, `with an even value`, `with less power
    /// than a friendly Unit`, `with no equipped Gears`, `with the same number of sides`, `with cost
    /// equal to any friendly Gig values`, `with the highest power` (read as `best`).
    fn with(&mut self, np: &NounPhrase, span: Span) -> Pred {
        let Np::Phrase(p) = &np.node else {
            self.cx
                .error(span, "`with` is followed by a number or a card a Unit has");
            return Pred::True;
        };
        let det = p.det.as_ref().map(|d| d.node);
        match noun(p) {
            Some(n) if n.is_number() => {
                let sides = p.postmods.iter().any(|m| matches!(&m.node, Postmod::Of(o) if matches!(&o.node, Np::Phrase(q) if matches!(noun(q), Some(Noun::Side)))));
                let stat = if sides { Some(Stat::Sides) } else { stat_of(n) };
                let Some(stat) = stat else {
                    self.cx
                        .error(np.span, "this number is not one a card or Gig has");
                    return Pred::True;
                };
                // `with the same number of sides`
                if p.premods.iter().any(|m| has_word(m, &PremodWord::Same)) {
                    let with = match p.refers_to {
                        Some(r) => {
                            let target = self.refer(r);
                            Selector {
                                scope: target_scope(&target),
                                filter: Pred::True,
                                count: Count::All,
                                best: None,
                            }
                        }
                        None => {
                            self.cx
                                .error(np.span, "`the same …` needs what it is the same as");
                            return Pred::True;
                        }
                    };
                    return Pred::Shares {
                        stat,
                        with: Box::new(with),
                    };
                }
                if p.premods
                    .iter()
                    .any(|m| has_word(m, &PremodWord::Different))
                {
                    if self.distinct {
                        return Pred::True;
                    }
                    self.cx.error(
                        np.span,
                        "`with different values` describes several Gigs, not one",
                    );
                    return Pred::True;
                }
                if p.premods.iter().any(|m| has_word(m, &PremodWord::Even)) {
                    return Pred::Parity {
                        stat,
                        parity: prim::Parity::Even,
                    };
                }
                if p.premods.iter().any(|m| has_word(m, &PremodWord::Odd)) {
                    return Pred::Parity {
                        stat,
                        parity: prim::Parity::Odd,
                    };
                }
                if p.premods
                    .iter()
                    .any(|m| has_word(m, &PremodWord::Highest) || has_word(m, &PremodWord::Lowest))
                {
                    return Pred::True; // read as the selector's best
                }
                // `with a higher value`: than the Gig just named
                let higher = p.premods.iter().any(|m| has_word(m, &PremodWord::Higher));
                let lower = p.premods.iter().any(|m| has_word(m, &PremodWord::Lower));
                if higher || lower {
                    let Some(prev) = self.last_gig else {
                        self.cx.error(
                            np.span,
                            "higher or lower than what? Name it: `higher than that Gig's value`",
                        );
                        return Pred::True;
                    };
                    return Pred::Stat {
                        stat,
                        cmp: if higher { Cmp::Gt } else { Cmp::Lt },
                        to: Num::Stat {
                            of: Target::Slot(prev),
                            stat,
                        },
                    };
                }
                let not_shared = p.postmods.iter().find_map(|m| match &m.node {
                    Postmod::NotSharedBy(o) => Some(o.clone()),
                    _ => None,
                });
                if let Some(o) = not_shared {
                    let sel = self.all_of(&o);
                    return Pred::Not(Box::new(Pred::Shares {
                        stat,
                        with: Box::new(sel),
                    }));
                }
                if let Some(c) = p
                    .heads
                    .first()
                    .and_then(|h| h.head.node.comparison.as_deref())
                {
                    let (cmp, to) = self.comparison(&c.node, c.span);
                    return Pred::Stat { stat, cmp, to };
                }
                // `less power than a friendly Unit`, `8+ value`
                match det {
                    Some(Det::Plus(n) | Det::OrMore(n) | Det::AtLeast(n)) => Pred::Stat {
                        stat,
                        cmp: Cmp::Ge,
                        to: Num::Lit(i64::from(n)),
                    },
                    Some(Det::OrLess(n) | Det::OrFewer(n)) => Pred::Stat {
                        stat,
                        cmp: Cmp::Le,
                        to: Num::Lit(i64::from(n)),
                    },
                    Some(Det::Less | Det::Fewer | Det::More) => {
                        let than = p.postmods.iter().find_map(|m| match &m.node {
                            Postmod::Than(o) => Some(o.clone()),
                            _ => None,
                        });
                        match than {
                            Some(o) => {
                                let sel = self.all_of(&o);
                                Pred::Stat {
                                    stat,
                                    cmp: if det == Some(Det::More) {
                                        Cmp::Gt
                                    } else {
                                        Cmp::Lt
                                    },
                                    to: Num::Values {
                                        of: Box::new(sel),
                                        stat,
                                    },
                                }
                            }
                            None => {
                                self.cx.error(np.span, "`less`/`more` needs `than …`");
                                Pred::True
                            }
                        }
                    }
                    _ => {
                        self.cx.error(
                            np.span,
                            "a number after `with` needs a comparison: `power 4 or less`",
                        );
                        Pred::True
                    }
                }
            }
            // `with no equipped Gear`, `with an equipped Gear`
            Some(Noun::Gear) => {
                let gear = and(p
                    .premods
                    .iter()
                    .filter(|m| !has_word(m, &PremodWord::Equipped))
                    .filter_map(|m| self.premod(m))
                    .collect());
                let has = Pred::HasGear(Box::new(gear));
                if det == Some(Det::No) {
                    Pred::Not(Box::new(has))
                } else {
                    has
                }
            }
            _ => {
                self.cx.error(
                    np.span,
                    "`with` is followed by a number (`power 4 or less`) or a keyword",
                );
                Pred::True
            }
        }
    }

    /// `that attacked this turn`: it did this this turn.
    fn did_this_turn(&mut self, vp: &t::Spanned<t::VerbPhrase>) -> Pred {
        let subject = NounPhrase {
            node: Np::Pronoun {
                word: t::Pronoun::It,
                refers_to: Ref::This,
            },
            binds: None,
            reminder: None,
            span: vp.span,
        };
        let ev = t::EventPhrase {
            subject,
            would: false,
            vp: vp.clone(),
            binds: None,
        };
        let mut pattern = self.event(&t::Spanned {
            node: ev,
            span: vp.span,
        });
        // The object tested is the event's actor (or, passive, its object).
        let as_actor = pattern.actor == Pred::Is(self.cx.this());
        if as_actor {
            pattern.actor = Pred::True;
        } else {
            pattern.object = Pred::True;
        }
        Pred::Did {
            pattern: Box::new(pattern),
            as_actor,
        }
    }

    // ---- selecting

    /// Where a noun phrase's objects are looked for.
    pub(crate) fn scope(&mut self, np: &NounPhrase) -> Scope {
        match &np.node {
            Np::Rest { of } => match self.refer(*of) {
                Target::Slot(s) => Scope::Rest { of: s },
                _ => Scope::This,
            },
            Np::Pronoun { refers_to, .. } => {
                let t = self.refer(*refers_to);
                target_scope(&t)
            }
            // `Add 1 to your hand` after a search: one of the cards looked at
            Np::Count {
                elided: Some(Ref::Binding(id)),
                ..
            } if self.searched.contains(&slot(*id)) || self.looked == Some(slot(*id)) => {
                Scope::Rest { of: slot(*id) }
            }
            Np::Count { elided, .. } => match elided {
                Some(Ref::Binding(id)) => match self.introduced.get(&id.0).cloned() {
                    Some((p, span)) => {
                        let np = NounPhrase {
                            node: Np::Phrase(Box::new(p)),
                            binds: None,
                            reminder: None,
                            span,
                        };
                        self.scope(&np)
                    }
                    None => Scope::InPlay,
                },
                _ => Scope::Zones {
                    zones: vec![Area::Hand],
                    whose: Who::You,
                },
            },
            Np::And(_) => Scope::InPlay,
            Np::Phrase(p) => {
                if let (Some(r), None, None) = (p.refers_to, &p.possessor, &p.partitive) {
                    let t = self.refer(r);
                    return target_scope(&t);
                }
                if let Some(r) = p.among {
                    if let Target::Slot(s) = self.refer(r) {
                        return Scope::Rest { of: s };
                    }
                }
                // `the top 3 cards of your deck`
                let top = p.premods.iter().find_map(|m| {
                    m.node.words.iter().find_map(|w| match w.node {
                        PremodWord::Top(n) => Some(n.unwrap_or(1)),
                        _ => None,
                    })
                });
                for m in &p.postmods {
                    match &m.node {
                        Postmod::From { among: true, what } => {
                            if let Some(r) = reference(what) {
                                if let Target::Slot(s) = self.refer(r) {
                                    return Scope::Rest { of: s };
                                }
                            }
                        }
                        Postmod::From { among: false, what }
                        | Postmod::In(what)
                        | Postmod::Of(what) => {
                            if let Some((zones, whose)) = self.zone(what) {
                                if let Some(n) = top {
                                    return Scope::TopOfDeck {
                                        whose,
                                        n: Num::Lit(i64::from(n)),
                                    };
                                }
                                if zones.is_empty() {
                                    // `your fixer area`
                                    return Scope::Fixer(whose);
                                }
                                return Scope::Zones { zones, whose };
                            }
                        }
                        _ => {}
                    }
                }
                match noun(p).map(names_of) {
                    Some(Names::Gigs) => Scope::Gigs,
                    Some(Names::Eddies) => {
                        let whose = match p.possessor.as_deref() {
                            Some(o) => self.who(o),
                            None => Who::You,
                        };
                        Scope::Eddies(whose)
                    }
                    Some(Names::Players) => Scope::Players,
                    _ => Scope::InPlay,
                }
            }
        }
    }

    /// A selector for a noun phrase, with the count its determiner gives.
    pub(crate) fn selector(&mut self, np: &NounPhrase) -> Selector {
        self.note(np);
        let scope = self.scope(np);
        let filter = match &np.node {
            Np::Phrase(p) if reference(np).is_none() => self.phrase_pred(p, np.span),
            Np::Count { .. } => self.pred(np),
            _ => Pred::True,
        };
        let (count, best) = match &np.node {
            Np::Phrase(p) => (self.count_of(p), best_of(p)),
            Np::Count { count, .. } => (
                if count.up_to {
                    Count::UpTo(Num::Lit(i64::from(count.n)))
                } else {
                    Count::Exactly(Num::Lit(i64::from(count.n)))
                },
                None,
            ),
            Np::Rest { .. } | Np::And(_) | Np::Pronoun { .. } => (Count::All, None),
        };
        Selector {
            scope,
            filter,
            count,
            best,
        }
    }

    /// Every object a noun phrase describes (for counts, existence and values).
    pub(crate) fn all_of(&mut self, np: &NounPhrase) -> Selector {
        let mut sel = self.selector(np);
        sel.count = Count::All;
        sel
    }

    /// The count a phrase's determiner gives.
    fn count_of(&self, p: &Phrase) -> Count {
        if let Some(part) = &p.partitive {
            return match part.node {
                Partitive::One => Count::Exactly(Num::Lit(1)),
                Partitive::Any => Count::AnyNumber,
                Partitive::Each | Partitive::All => Count::All,
            };
        }
        let top = p.premods.iter().any(|m| {
            m.node
                .words
                .iter()
                .any(|w| matches!(w.node, PremodWord::Top(_)))
        });
        if top {
            return Count::All;
        }
        match p.det.as_ref().map(|d| d.node) {
            Some(Det::All | Det::Each | Det::Every) => Count::All,
            Some(Det::AnyNumberOf) => Count::AnyNumber,
            Some(Det::UpTo(n)) => Count::UpTo(Num::Lit(i64::from(n))),
            Some(Det::Number(n)) => Count::Exactly(Num::Lit(i64::from(n))),
            Some(Det::Any) => Count::All,
            None if p.heads.first().is_some_and(|h| h.head.node.plural) => Count::All,
            _ => Count::Exactly(Num::Lit(1)),
        }
    }

    /// Records what a noun phrase introduces: its phrase (for an elided noun), and, for a Gig,
    /// that it is the last Gig named (`another Gig`).
    pub(crate) fn note(&mut self, np: &NounPhrase) {
        if let (Some(b), Np::Phrase(p)) = (np.binds, &np.node) {
            self.introduced
                .entry(b.0)
                .or_insert_with(|| ((**p).clone(), np.span));
        }
    }

    /// The objects an action applies to: a reference as it is, every object for `all`/`each`,
    /// otherwise a choice (rule 10.31) made now into the phrase's slot, by `by`.
    pub(crate) fn target(&mut self, np: &NounPhrase, by: Who) -> Target {
        self.note(np);
        if let Some(r) = reference(np) {
            return self.refer(r);
        }
        let sel = self.selector(np);
        if (is_every(np) && np.binds.is_none()) || matches!(np.node, Np::Rest { .. }) {
            return Target::All(Box::new(sel));
        }
        let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
        let span = np.span;
        self.choose(sel, into, by, span);
        if names(self, np) == Names::Gigs {
            self.last_gig = Some(into);
        }
        Target::Slot(into)
    }

    /// A noun phrase that names fixed objects: a reference, or every object it describes.
    pub(crate) fn fixed(&mut self, np: &NounPhrase) -> Target {
        match reference(np) {
            Some(r) => self.refer(r),
            None => {
                let sel = self.all_of(np);
                Target::All(Box::new(sel))
            }
        }
    }
}

/// Whether a pre-modifier list holds a word.
pub(crate) fn has_word(m: &t::Spanned<t::Premod>, w: &PremodWord) -> bool {
    m.node.words.iter().any(|x| x.node == *w)
}

/// The scope of the objects a target names.
pub(crate) fn target_scope(t: &Target) -> Scope {
    match t {
        Target::Slot(s) => Scope::Slot(*s),
        Target::Host => Scope::Host,
        _ => Scope::This,
    }
}

/// `lowest-power`, `highest-power`, `with the highest power`.
fn best_of(p: &Phrase) -> Option<Best> {
    for m in &p.premods {
        for w in &m.node.words {
            match w.node {
                PremodWord::LowestPower => {
                    return Some(Best {
                        stat: Stat::Power,
                        highest: false,
                    })
                }
                PremodWord::HighestPower => {
                    return Some(Best {
                        stat: Stat::Power,
                        highest: true,
                    })
                }
                _ => {}
            }
        }
    }
    for m in &p.postmods {
        if let Postmod::With(np) = &m.node {
            if let Np::Phrase(q) = &np.node {
                let stat = noun(q).and_then(stat_of);
                let highest = q.premods.iter().any(|m| has_word(m, &PremodWord::Highest));
                let lowest = q.premods.iter().any(|m| has_word(m, &PremodWord::Lowest));
                if let (Some(stat), true) = (stat, highest || lowest) {
                    return Some(Best { stat, highest });
                }
            }
        }
    }
    None
}

/// The stat a number noun names.
pub(crate) fn stat_of(n: &Noun) -> Option<Stat> {
    match n {
        Noun::Power => Some(Stat::Power),
        Noun::Cost => Some(Stat::Cost),
        Noun::Value | Noun::GigValue => Some(Stat::Value),
        _ => None,
    }
}

fn card_type(c: CardTypeWord) -> CardType {
    match c {
        CardTypeWord::Unit => CardType::Unit,
        CardTypeWord::Legend => CardType::Legend,
        CardTypeWord::Gear => CardType::Gear,
        CardTypeWord::Program => CardType::Program,
    }
}
