//! Noun phrases: what they select, the property they describe, or the player they name.

use super::effect::Builder;
use crate::ast::{
    self, Controller, Filter, Noun, NounPhrase, Np, Orientation, Phrase, PostMod, Quality,
    Quantity, Ref, Status,
};
use crate::card::CardType;
use crate::prim::{
    self, Best, Cmp, Count, Num, Parity, Pred, Rel, Scope, Selector, Slot, Stat, Target, Who,
};

/// The slot of a binding.
pub(crate) fn slot(b: ast::BindingId) -> Slot {
    Slot(u16::try_from(b.0).unwrap_or(u16::MAX))
}

/// What a plain reference names. The parser has already resolved `this Unit` on a Gear to
/// its host; `this` is the printed card itself (`this Gear`).
pub(crate) fn refer(_: &Builder, r: Ref) -> Target {
    match r {
        Ref::This => Target::This,
        Ref::Host => Target::Host,
        Ref::Binding(id) => Target::Slot(slot(id)),
    }
}

/// The reference a noun phrase is, if it only points back (`it`, `that Gig`, `this Unit`).
pub(crate) fn reference(np: &NounPhrase) -> Option<Ref> {
    match &np.node {
        Np::Pronoun { refers_to, .. } => Some(*refers_to),
        Np::Phrase(p) if !is_possessive(p.quantity) => p.refers_to,
        _ => None,
    }
}

/// `its`, `their`, `one of their`: the phrase names things of the referent, not the referent.
pub(crate) fn is_possessive(q: Quantity) -> bool {
    matches!(q, Quantity::Its | Quantity::Their | Quantity::OneOfTheir)
}

/// Whether a phrase names every object it describes (`all`, `each`, a bare plural).
pub(crate) fn is_every(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(p) => {
            p.refers_to.is_none()
                && (matches!(p.quantity, Quantity::All | Quantity::Each)
                    || (p.quantity == Quantity::Bare && p.owner.is_none()))
        }
        _ => false,
    }
}

/// Whether a noun names Gigs.
pub(crate) fn is_gig_noun(n: &Noun) -> bool {
    matches!(n, Noun::Gig | Noun::Die(_))
}

impl Builder<'_, '_> {
    /// The property a noun phrase describes, of one object.
    pub(crate) fn pred(&mut self, np: &NounPhrase) -> Pred {
        match &np.node {
            Np::Pronoun { refers_to, .. } => ref_pred(self, *refers_to),
            Np::Phrase(p) => match p.refers_to {
                Some(r) if !is_possessive(p.quantity) => ref_pred(self, r),
                _ => self.phrase_pred(p, np.span),
            },
            Np::And(a, b) => Pred::Any(vec![self.pred(a), self.pred(b)]),
            Np::Count { post, elided, .. } => {
                let mut all: Vec<Pred> = Vec::new();
                if let Some(Ref::Binding(id)) = elided {
                    if let Some(p) = self.phrase_of(*id) {
                        all.push(self.phrase_pred(&p, np.span));
                    }
                }
                for m in post {
                    if let Some(p) = self.postmod_pred(&m.node, m.span) {
                        all.push(p);
                    }
                }
                and(all)
            }
            Np::TopOfDeck { .. } | Np::Rest { .. } => Pred::True,
        }
    }

    /// The phrase a binding was introduced by, if it is a phrase.
    pub(crate) fn phrase_of(&self, id: ast::BindingId) -> Option<Phrase> {
        self.introduced.get(&id.0).cloned()
    }

    /// The property of a phrase without a reference.
    pub(crate) fn phrase_pred(&mut self, p: &Phrase, span: crate::source::Span) -> Pred {
        let mut all = Vec::new();
        // The head(s), each with its own status word.
        let head = self.head_pred(&p.head.noun, p.status, span);
        let heads = match &p.or {
            Some(o) => {
                let mut second = self.head_pred(&o.head.noun, o.status, span);
                if let Some(c) = o.colour {
                    second = and(vec![second, Pred::Colour(c)]);
                }
                Pred::Any(vec![head, second])
            }
            None => head,
        };
        all.push(heads);
        let gig = super::np::is_gig_noun(&p.head.noun);
        if p.other || (p.quantity == Quantity::Another && !gig) {
            all.push(Pred::Not(Box::new(Pred::Is(self.cx.this()))));
        }
        // `its equipped Gear`, `its "DEADMAN TRANSMITTER"`: on the referent; `one of their
        // Units`: controlled by the player referred to.
        if let (true, Some(r)) = (is_possessive(p.quantity), p.refers_to) {
            let player =
                matches!(r, Ref::Binding(b) if self.cx.binding_kind(b) == Some(ast::Kind::Player));
            if player {
                let who = self.ref_who_pub(r);
                all.push(Pred::ControlledBy(who));
            } else {
                all.push(Pred::EquippedTo(refer(self, r)));
            }
        }
        match p.controller {
            Some(Controller::Friendly) => all.push(Pred::Rel(Rel::Friendly)),
            Some(Controller::Rival) => all.push(Pred::Rel(Rel::Rival)),
            None => {}
        }
        match p.orientation {
            Some(Orientation::Spent) => all.push(Pred::Spent),
            Some(Orientation::Ready) => all.push(Pred::Not(Box::new(Pred::Spent))),
            None => {}
        }
        match &p.quality {
            Some(Quality::Tag(t)) => all.push(Pred::Tag(t.clone())),
            Some(Quality::Colour(c)) => all.push(Pred::Colour(*c)),
            Some(Quality::Min) => all.push(Pred::Min),
            Some(Quality::Max) => all.push(Pred::Max),
            Some(Quality::LowestPower) | None => {}
        }
        if let Some(o) = p.owner {
            // `a Rival's`, `another player's`: the other player's, in a two-player game;
            // `a player's`: either.
            if o.rival || o.another {
                all.push(Pred::Rel(Rel::Rival));
            }
        }
        for m in &p.post {
            if let Some(x) = self.postmod_pred(&m.node, m.span) {
                all.push(x);
            }
        }
        and(all)
    }

    fn head_pred(&mut self, n: &Noun, status: Option<Status>, span: crate::source::Span) -> Pred {
        let status = match status {
            None => None,
            Some(Status::FaceUp) => Some(Pred::FaceUp),
            Some(Status::FaceDown) => Some(Pred::Not(Box::new(Pred::FaceUp))),
            Some(Status::Equipped) => Some(Pred::Equipped),
            Some(Status::Unequipped) => Some(Pred::Not(Box::new(Pred::Equipped))),
        };
        let head = match n {
            Noun::Unit => Pred::Type(vec![CardType::Unit]),
            Noun::Legend => Pred::Type(vec![CardType::Legend]),
            Noun::Gear => Pred::Type(vec![CardType::Gear]),
            Noun::Program => Pred::Type(vec![CardType::Program]),
            Noun::Card => Pred::True,
            Noun::Gig => Pred::Gig,
            Noun::Die(s) => and(vec![
                Pred::Gig,
                Pred::Stat {
                    stat: Stat::Sides,
                    cmp: Cmp::Eq,
                    to: Num::Lit(i64::from(*s)),
                },
            ]),
            Noun::Player => Pred::Player,
            Noun::Rival => and(vec![Pred::Player, Pred::Rel(Rel::Rival)]),
            Noun::Named(name) => Pred::Named(name.trim_matches('"').to_owned()),
            Noun::Eddie => Pred::True,
            Noun::ValuePair | Noun::SidedPair | Noun::CardType | Noun::Type => {
                self.cx.error(span, "this noun names no object here");
                Pred::True
            }
        };
        match status {
            Some(s) => and(vec![head, s]),
            None => head,
        }
    }

    /// The property a post-modifier adds, if it is one (zones and sources are scopes).
    pub(crate) fn postmod_pred(&mut self, m: &PostMod, span: crate::source::Span) -> Option<Pred> {
        match m {
            PostMod::With(f) => Some(self.filter(f, span)),
            PostMod::AtMaxValue => Some(Pred::Max),
            PostMod::FromCard(np) => Some(Pred::EquippedTo(self.fixed(np))),
            PostMod::In(_) | PostMod::FromZone(_) | PostMod::FromAmong(_) | PostMod::OfGigs => None,
        }
    }

    /// A filter after `with`.
    pub(crate) fn filter(&mut self, f: &Filter, span: crate::source::Span) -> Pred {
        match f {
            Filter::Stat { stat, cmp } => {
                let (cmp, to) = self.comparison(cmp);
                Pred::Stat {
                    stat: stat_of(*stat),
                    cmp,
                    to,
                }
            }
            Filter::ValueAtLeast(n) => Pred::Stat {
                stat: Stat::Value,
                cmp: Cmp::Ge,
                to: Num::Lit(i64::from(*n)),
            },
            Filter::ValueParity(p) => Pred::Parity {
                stat: Stat::Value,
                parity: parity_of(*p),
            },
            // Read by the count around it (`2 or more Gigs with different values`).
            Filter::DifferentValues if self.distinct => Pred::True,
            Filter::DifferentValues => {
                self.cx.error(
                    span,
                    "`with different values` describes several Gigs, not one",
                );
                Pred::True
            }
            Filter::SameSidesAs(r) => Pred::Shares {
                stat: Stat::Sides,
                with: Box::new(Selector {
                    scope: Scope::Slot(match refer(self, *r) {
                        Target::Slot(s) => s,
                        _ => Slot(u16::MAX),
                    }),
                    filter: Pred::True,
                    count: Count::All,
                    best: None,
                }),
            },
            Filter::LessPowerThan(np) => {
                let sel = self.all_of(np);
                Pred::Stat {
                    stat: Stat::Power,
                    cmp: Cmp::Lt,
                    to: Num::Values {
                        of: Box::new(sel),
                        stat: Stat::Power,
                    },
                }
            }
            Filter::NoEquipped(_) => Pred::Not(Box::new(Pred::Equipped)),
            Filter::Keyword(k) => Pred::Keyword(super::keyword_of(*k)),
        }
    }

    /// A comparison with a number.
    pub(crate) fn comparison(&mut self, c: &ast::Comparison) -> (Cmp, Num) {
        match c {
            ast::Comparison::Is(n) => (Cmp::Eq, Num::Lit(i64::from(*n))),
            ast::Comparison::AtMost(n) => (Cmp::Le, Num::Lit(i64::from(*n))),
            ast::Comparison::AtLeast(n) => (Cmp::Ge, Num::Lit(i64::from(*n))),
            ast::Comparison::EqualTo(e) => (Cmp::Eq, self.number(&e.node, e.span)),
            ast::Comparison::AtMostExpr(e) => (Cmp::Le, self.number(&e.node, e.span)),
            ast::Comparison::HigherThan(e) => (Cmp::Gt, self.number(&e.node, e.span)),
            ast::Comparison::LessThan(e) => (Cmp::Lt, self.number(&e.node, e.span)),
        }
    }

    /// Where a noun phrase's objects are looked for.
    pub(crate) fn scope(&mut self, np: &NounPhrase) -> Scope {
        match &np.node {
            Np::TopOfDeck { count } => Scope::TopOfDeck {
                whose: Who::You,
                n: Num::Lit(i64::from(count.unwrap_or(1))),
            },
            Np::Rest { of } => Scope::Rest {
                of: match refer(self, *of) {
                    Target::Slot(s) => s,
                    _ => Slot(u16::MAX),
                },
            },
            Np::Pronoun { refers_to, .. } => self.ref_scope(*refers_to),
            Np::Phrase(p) => {
                if let (Some(r), false) = (p.refers_to, is_possessive(p.quantity)) {
                    return self.ref_scope(r);
                }
                for m in &p.post {
                    match &m.node {
                        PostMod::FromAmong(of) => {
                            if let Some(r) = reference(of) {
                                return self.ref_scope(r);
                            }
                        }
                        PostMod::In(zones) | PostMod::FromZone(zones) => {
                            return zones_scope(zones);
                        }
                        _ => {}
                    }
                }
                match &p.head.noun {
                    n if is_gig_noun(n) => Scope::Gigs,
                    Noun::Eddie => Scope::Eddies(Who::You),
                    Noun::Player | Noun::Rival => Scope::Players,
                    _ => Scope::InPlay,
                }
            }
            Np::Count { elided, .. } => match elided {
                Some(Ref::Binding(id)) => match self.phrase_of(*id) {
                    Some(p) => {
                        let np = NounPhrase {
                            node: Np::Phrase(Box::new(p)),
                            binds: None,
                            reminder: None,
                            span: np.span,
                        };
                        self.scope(&np)
                    }
                    None => Scope::InPlay,
                },
                _ => Scope::Zones {
                    zones: vec![prim::Zone::Hand],
                    whose: Who::You,
                },
            },
            Np::And(..) => Scope::InPlay,
        }
    }

    fn ref_scope(&self, r: Ref) -> Scope {
        match refer(self, r) {
            Target::Slot(s) => Scope::Slot(s),
            Target::Host => Scope::Host,
            _ => Scope::This,
        }
    }

    /// A selector for a noun phrase, with the count its determiner gives (`default` when none).
    pub(crate) fn selector(&mut self, np: &NounPhrase, default: Count) -> Selector {
        let scope = self.scope(np);
        let filter = match &np.node {
            Np::Phrase(p) if p.refers_to.is_none() || is_possessive(p.quantity) => {
                self.phrase_pred(p, np.span)
            }
            Np::Count { .. } => self.pred(np),
            _ => Pred::True,
        };
        let (count, best) = match &np.node {
            Np::Phrase(p) => (
                count_of(p.quantity, default),
                (p.quality == Some(Quality::LowestPower)).then_some(Best {
                    stat: Stat::Power,
                    highest: false,
                }),
            ),
            Np::Count { count, .. } => (Count::Exactly(Num::Lit(i64::from(*count))), None),
            Np::TopOfDeck { .. } | Np::Rest { .. } => (Count::All, None),
            _ => (default, None),
        };
        Selector {
            scope,
            filter,
            count,
            best,
        }
    }

    /// The objects an action applies to: a reference as it is, every object for `all`/`each`,
    /// otherwise a choice (rule 10.31) made now into the phrase's binding.
    pub(crate) fn target(&mut self, np: &NounPhrase, by: Who) -> Target {
        if let Some(r) = reference(np) {
            return refer(self, r);
        }
        if let Np::Rest { .. } | Np::TopOfDeck { .. } = &np.node {
            let sel = self.selector(np, Count::All);
            return self.bind_all(np, sel);
        }
        if let Np::And(a, _) = &np.node {
            self.cx.error(
                np.span,
                "two things joined by `and` can't be one object here",
            );
            return self.target(a, by);
        }
        if is_every(np) {
            let sel = self.selector(np, Count::All);
            return self.bind_all(np, sel);
        }
        let sel = self.selector(np, Count::Exactly(Num::Lit(1)));
        let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
        self.choose(sel, into, by, np.span);
        Target::Slot(into)
    }

    /// Every object a selector describes, bound to the phrase's slot if it has one.
    fn bind_all(&mut self, np: &NounPhrase, sel: Selector) -> Target {
        match np.binds {
            Some(b) => {
                self.choose(sel, slot(b), Who::You, np.span);
                Target::Slot(slot(b))
            }
            None => Target::All(Box::new(sel)),
        }
    }

    /// A noun phrase that must name fixed objects (a reference, this card).
    pub(crate) fn fixed(&mut self, np: &NounPhrase) -> Target {
        match reference(np) {
            Some(r) => refer(self, r),
            None => {
                let sel = self.selector(np, Count::All);
                Target::All(Box::new(sel))
            }
        }
    }

    /// The player a noun phrase names.
    pub(crate) fn who(&mut self, np: &NounPhrase) -> Who {
        match &np.node {
            Np::Pronoun { refers_to, .. } => self.ref_who(*refers_to),
            Np::Phrase(p) => {
                if let Some(r) = p.refers_to {
                    return self.ref_who(r);
                }
                match (&p.head.noun, p.quantity) {
                    (Noun::Player, Quantity::Each) => Who::Each,
                    (Noun::Rival, _) => Who::Rival,
                    (Noun::Player, _) if p.other || p.quantity == Quantity::Another => Who::Rival,
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
        }
    }

    /// The player a reference names.
    pub(crate) fn ref_who_pub(&self, r: Ref) -> Who {
        self.ref_who(r)
    }

    /// Every object a noun phrase describes (for counts, existence and values): its
    /// determiner's count does not apply.
    pub(crate) fn all_of(&mut self, np: &NounPhrase) -> Selector {
        let mut sel = self.selector(np, Count::All);
        sel.count = Count::All;
        sel
    }

    fn ref_who(&self, r: Ref) -> Who {
        match r {
            Ref::Binding(id) => match self.cx.binding_kind(id) {
                Some(ast::Kind::Player) => match self.player_of.get(&id.0) {
                    Some(w) => w.clone(),
                    None => Who::Slot(slot(id)),
                },
                _ => Who::ControllerOf(refer(self, r)),
            },
            _ => Who::You,
        }
    }
}

fn ref_pred(b: &Builder, r: Ref) -> Pred {
    Pred::Is(refer(b, r))
}

/// The scope of `in your trash`, `from your hand or trash`.
pub(crate) fn zones_scope(zones: &[ast::Zone]) -> Scope {
    let mut out = Vec::new();
    let mut fixer = false;
    for z in zones {
        match z {
            ast::Zone::Hand => out.push(prim::Zone::Hand),
            ast::Zone::Trash => out.push(prim::Zone::Trash),
            ast::Zone::Deck => out.push(prim::Zone::Deck),
            ast::Zone::LegendsArea => out.push(prim::Zone::Legends),
            ast::Zone::FixerArea => fixer = true,
        }
    }
    if fixer {
        return Scope::Fixer(Who::You);
    }
    if out == [prim::Zone::Legends] {
        // Cards in your Legends area are in play: rule 5.1.
        return Scope::Zones {
            zones: out,
            whose: Who::You,
        };
    }
    Scope::Zones {
        zones: out,
        whose: Who::You,
    }
}

/// The count a determiner gives.
pub(crate) fn count_of(q: Quantity, default: Count) -> Count {
    match q {
        Quantity::All | Quantity::Each => Count::All,
        Quantity::Bare => default,
        Quantity::UpTo(n) => Count::UpTo(Num::Lit(i64::from(n))),
        Quantity::Exactly(n) | Quantity::AtLeast(n) => Count::Exactly(Num::Lit(i64::from(n))),
        Quantity::One | Quantity::Another | Quantity::OneOfTheir | Quantity::OneOrMore => {
            Count::Exactly(Num::Lit(1))
        }
        _ => default,
    }
}

/// All of these properties (flattening trivial ones).
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

/// The core stat of an AST stat.
pub(crate) fn stat_of(s: ast::Stat) -> Stat {
    match s {
        ast::Stat::Power => Stat::Power,
        ast::Stat::Cost => Stat::Cost,
        ast::Stat::Value => Stat::Value,
    }
}

/// The core parity of an AST parity.
pub(crate) fn parity_of(p: ast::Parity) -> Parity {
    match p {
        ast::Parity::Even => Parity::Even,
        ast::Parity::Odd => Parity::Odd,
    }
}
