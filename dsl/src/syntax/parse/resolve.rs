//! Back-reference resolution: every noun phrase that introduces a referent gets a binding, and
//! every reference (`it`, `them`, `they`, `its`, `their`, `that Gig`, `the card`, `the rest`,
//! `the opposing rival Unit`, `If you do`, `Otherwise`, `instead`, `the turn it's played`) is
//! pointed at one, in the order the text is read. Scopes are abilities: nothing refers across
//! lines, except that a line of modes continues the line above it.
//!
//! The rules, in the card's words:
//! - `it` is the nearest single card, Gig or zone named before it (of the kind its use asks for:
//!   `it's spent` a Unit, `its value` a Gig); with nothing before it, the card itself, or on a
//!   Gear the card it is equipped to; a Program's `it` must have something to refer to;
//! - `them` is the nearest cards named in the plural; `they` and `their` the nearest player or
//!   plural (`their hand` a player, `their power` Units);
//! - `that Gig`, `the card`, `those Gigs` name the nearest thing of that kind; `the opposing …`
//!   the other side of the nearest fight; `the rest` the nearest cards looked at;
//! - `this Unit` is the card itself, or on a Gear the card it is equipped to, or in the modes of
//!   `Give a friendly Unit these effects.` that Unit;
//! - `If you do,` and `instead` depend on the sentence before; `Otherwise,` on the sentence before,
//!   or on the one that sentence's `If you do,` depends on; the `instead` of a replacement
//!   (`If … would …, … instead.`) on its own sentence;
//! - a bare number after `Defeat`, `Spend`, … repeats the noun named just before (`defeat 2
//!   instead`); after `Add` or `Reveal` it is taken from the cards looked at; it is never a target
//!   on its own (`Spend 2.` is an error).

use super::error::{ParseError, ParseErrorKind};
use crate::card::CardType;
use crate::source::Span;
use crate::syntax::tree::*;

/// Resolves the references of a freshly built script in place, filling `script.bindings`.
/// `src` is the textbox's text and `offset` where it starts in the card file.
pub(super) fn resolve(
    script: &mut Script,
    src: &str,
    offset: usize,
    kind: CardType,
) -> Vec<ParseError> {
    let mut r = Resolver {
        src,
        offset,
        kind,
        bindings: Vec::new(),
        scope: Vec::new(),
        pools: Vec::new(),
        fights: Vec::new(),
        this_override: None,
        subject: Vec::new(),
        sentence: 0,
        you_do: Vec::new(),
        errors: Vec::new(),
    };
    for a in &mut script.abilities {
        r.ability(&mut a.node);
    }
    script.bindings = r.bindings;
    r.errors
}

struct Resolver<'a> {
    src: &'a str,
    offset: usize,
    kind: CardType,
    bindings: Vec<Binding>,
    /// bindings visible in the current ability, oldest first
    scope: Vec<BindingId>,
    /// bindings that are cards looked at (for `the rest`, `Add 1 to your hand`)
    pools: Vec<BindingId>,
    /// bindings that are fights (for `the opposing …`)
    fights: Vec<BindingId>,
    /// what `this Unit` means in the modes of `Give a friendly Unit these effects.`
    this_override: Option<Ref>,
    /// the subjects of the clauses being read, innermost last (for `the turn they're played`)
    subject: Vec<Ref>,
    /// index of the sentence being read in its ability
    sentence: u32,
    /// for each sentence of the ability read so far, the sentence its `If you do,` depends on
    you_do: Vec<Option<SentenceId>>,
    errors: Vec<ParseError>,
}

/// Where a noun phrase stands, which decides whether it introduces a referent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// a subject, an object: introduces a referent
    Declares,
    /// the noun phrase of an adjunct (`to a friendly Unit`, `than a Rival`): introduces a
    /// referent, unless it is a zone (`to your hand`)
    Adjunct,
    /// a filter, a possessor, a comparison, what a copula says: refers, never introduces
    RefersOnly,
}

fn is_card_like(k: Kind) -> bool {
    matches!(
        k,
        Kind::Card | Kind::Unit | Kind::Gear | Kind::Program | Kind::Legend
    )
}

impl Resolver<'_> {
    fn words(&self, span: &Span) -> String {
        let (s, e) = (
            span.start.saturating_sub(self.offset),
            span.end.saturating_sub(self.offset),
        );
        self.src.get(s..e).unwrap_or("").trim().to_string()
    }

    fn binding(&self, id: BindingId) -> Option<&Binding> {
        self.bindings.get((id.0 as usize).wrapping_sub(1))
    }

    fn nearest(&self, ok: impl Fn(&Binding) -> bool) -> Option<BindingId> {
        self.scope
            .iter()
            .rev()
            .filter_map(|id| self.binding(*id))
            .find(|b| ok(b))
            .map(|b| b.id)
    }

    fn declare(&mut self, describes: String, kind: Kind, plural: bool, span: Span) -> BindingId {
        let id = BindingId(self.bindings.len() as u32 + 1);
        self.bindings.push(Binding {
            id,
            describes,
            kind,
            plural,
            span,
        });
        self.scope.push(id);
        id
    }

    fn unresolved(&mut self, span: &Span, found: String, expected: &str) -> Ref {
        let mut e = ParseError::new(ParseErrorKind::Unresolved, *span);
        e.found = found;
        e.expected = vec![expected.to_string()];
        self.errors.push(e);
        Ref::This
    }

    /// What `this Unit` or a bare `it` means: the card, or on a Gear the card it is equipped to.
    fn this_ref(&self) -> Ref {
        self.this_override
            .unwrap_or(if self.kind == CardType::Gear {
                Ref::Host
            } else {
                Ref::This
            })
    }

    fn ref_kind(&self, r: Ref) -> Kind {
        match r {
            Ref::This | Ref::Host => Kind::Unit,
            Ref::You => Kind::Player,
            Ref::Modes => Kind::Thing,
            Ref::Binding(id) => self.binding(id).map_or(Kind::Card, |b| b.kind),
        }
    }

    fn previous_sentence(&mut self, span: &Span, found: &str) -> SentenceId {
        if self.sentence == 0 {
            self.unresolved(
                span,
                format!("`{found}`"),
                &format!("a sentence before `{found}`"),
            );
        }
        SentenceId(self.sentence.saturating_sub(1))
    }

    // ---- abilities and sentences

    fn ability(&mut self, a: &mut Ability) {
        self.scope.clear();
        self.pools.clear();
        self.fights.clear();
        self.this_override = None;
        self.sentence = 0;
        self.you_do.clear();
        match a {
            Ability::Triggered { trigger, effect } => {
                match &mut trigger.node {
                    TriggerPhrase::When { event, .. } | TriggerPhrase::FirstTime(event) => {
                        self.event(event)
                    }
                    TriggerPhrase::At(_) | TriggerPhrase::Labels(_) => {}
                }
                self.effect(effect);
            }
            Ability::Activated { window, effect, .. } => {
                if let Some(w) = window {
                    self.event(w);
                }
                self.effect(effect);
            }
            Ability::Plain { effect, .. } => self.effect(effect),
            Ability::Keyword { .. } | Ability::Reminder(_) | Ability::Flavour(_) => {}
        }
    }

    fn effect(&mut self, e: &mut Effect) {
        match e {
            Effect::Sentences(ss) => ss.iter_mut().for_each(|s| self.sentence(s)),
            Effect::Modal { lead, modes } => {
                lead.iter_mut().for_each(|s| self.sentence(s));
                for m in modes {
                    m.iter_mut().for_each(|s| self.sentence(s));
                }
            }
        }
    }

    fn sentence(&mut self, s: &mut Spanned<Sentence>) {
        let mut you_do = None;
        let mut replacement = false;
        for lead in &mut s.node.leads {
            match &mut lead.node {
                Lead::If(c) => {
                    if let Condition::YouDo { depends_on } = &mut c.node {
                        // `If you do,` is blamed as a whole
                        *depends_on = self.previous_sentence(&lead.span, "If you do,");
                        you_do = Some(*depends_on);
                        continue;
                    }
                    if let Condition::Holds(clause) = &c.node {
                        replacement |= clause
                            .modal
                            .as_ref()
                            .is_some_and(|m| m.node == Modal::Would);
                    }
                    self.condition(c);
                }
                Lead::Otherwise { depends_on } => {
                    let prev = self.previous_sentence(&lead.span, "Otherwise,");
                    *depends_on = self
                        .you_do
                        .get(prev.0 as usize)
                        .copied()
                        .flatten()
                        .unwrap_or(prev);
                }
                Lead::During(d) => self.duration(&mut d.node),
                Lead::NextTime { event, .. } => self.event(event),
                Lead::Then { .. } => {}
            }
        }
        if let Some(i) = &mut s.node.clause.node.instead {
            i.replaces = if replacement {
                SentenceId(self.sentence)
            } else {
                self.previous_sentence(&s.node.clause.span, "instead")
            };
        }
        self.clause(&mut s.node.clause.node);
        self.you_do.push(you_do);
        self.sentence += 1;
    }

    fn condition(&mut self, c: &mut Spanned<Condition>) {
        match &mut c.node {
            Condition::YouDo { depends_on } => {
                *depends_on = self.previous_sentence(&c.span, "If you do,");
            }
            Condition::Holds(clause) => self.clause(clause),
            Condition::All(cs) | Condition::Any(cs) => {
                cs.iter_mut().for_each(|c| self.condition(c))
            }
        }
    }

    fn clause(&mut self, c: &mut Clause) {
        let hints = complement_hints(c);
        let subject = match &mut c.subject {
            Some(np) => {
                self.np(np, Role::Declares, &hints);
                np_ref(np).unwrap_or_else(|| self.this_ref())
            }
            None => Ref::You,
        };
        self.subject.push(subject);
        if let Some(d) = &mut c.subject_duration {
            self.duration(&mut d.node);
        }
        let mut modes_with = None;
        for step in &mut c.steps {
            self.vp(&mut step.vp.node);
            // `Give a friendly Unit these effects.`: `this Unit` in the modes is that Unit
            let objs: Vec<&NounPhrase> = step
                .vp
                .node
                .objects
                .iter()
                .filter_map(|o| match &o.node {
                    Object::Np(np) => Some(np),
                    _ => None,
                })
                .collect();
            if objs.iter().any(|np| np_ref(np) == Some(Ref::Modes)) {
                modes_with = objs.iter().find_map(|np| np.binds);
            }
        }
        if let Some(id) = modes_with {
            self.this_override = Some(Ref::Binding(id));
        }
        if let Some(t) = &mut c.condition {
            match &mut t.node {
                Trailing::If(cond) | Trailing::Unless(cond) => {
                    let mut s = Spanned {
                        node: std::mem::replace(
                            cond,
                            Condition::YouDo {
                                depends_on: SentenceId(0),
                            },
                        ),
                        span: t.span,
                    };
                    self.condition(&mut s);
                    *cond = s.node;
                }
                Trailing::IfItCan { refers_to } => *refers_to = subject,
            }
        }
        self.subject.pop();
    }

    fn event(&mut self, e: &mut Spanned<EventPhrase>) {
        self.np(&mut e.node.subject, Role::Declares, &[]);
        let subject = np_ref(&e.node.subject).unwrap_or_else(|| self.this_ref());
        self.subject.push(subject);
        self.vp(&mut e.node.vp.node);
        self.subject.pop();
        let fights = e.node.vp.node.verbs.iter().any(|v| v.node == Verb::Fight);
        let has_object = e
            .node
            .vp
            .node
            .objects
            .iter()
            .any(|o| matches!(o.node, Object::Np(_)));
        if fights && !has_object {
            let id = self.declare(
                format!("the fight of {}", self.words(&e.node.subject.span)),
                Kind::Fight,
                false,
                e.node.vp.span,
            );
            self.fights.push(id);
            e.node.binds = Some(id);
        }
    }

    fn vp(&mut self, vp: &mut VerbPhrase) {
        let verb = vp.verbs.first().map(|v| v.node);
        let copula = vp.copula.is_some() && vp.verbs.is_empty();
        for o in &mut vp.objects {
            match &mut o.node {
                Object::Np(np) => {
                    if copula {
                        self.np(np, Role::RefersOnly, &[]);
                    } else {
                        self.object(np, verb);
                    }
                }
                Object::Comparison(c) => self.comparison(c),
                Object::Whether(c) => self.clause(c),
                Object::Postmod(p) => self.postmod(p),
                Object::Grants(_) | Object::Eddies(_) | Object::States(_) => {}
            }
        }
        for a in &mut vp.adjuncts {
            self.adjunct(&mut a.node);
        }
    }

    /// An object of `verb`: a bare number is checked, a phrase taken from looked-at cards noted.
    fn object(&mut self, np: &mut NounPhrase, verb: Option<Verb>) {
        let counts_cards = matches!(
            verb,
            Some(
                Verb::Draw
                    | Verb::Discard
                    | Verb::Trash
                    | Verb::Add
                    | Verb::Reveal
                    | Verb::Search
                    | Verb::LookAt
                    | Verb::Sell
                    | Verb::Choose
                    | Verb::Keep
                    | Verb::Take
                    | Verb::Ready
                    | Verb::Pay
                    | Verb::Cost
            )
        );
        let takes_from_pool = matches!(
            verb,
            Some(Verb::Add | Verb::Reveal | Verb::Keep | Verb::Take)
        );
        if let Np::Count {
            postmods, elided, ..
        } = &mut np.node
        {
            if postmods.is_empty() {
                if takes_from_pool {
                    let pools = self.pools.clone();
                    *elided = self.nearest(|b| pools.contains(&b.id)).map(Ref::Binding);
                } else if !counts_cards {
                    let fights = self.fights.clone();
                    let found = self
                        .nearest(|b| {
                            matches!(b.kind, Kind::Unit | Kind::Legend | Kind::Gear)
                                && !fights.contains(&b.id)
                        })
                        .map(Ref::Binding);
                    if found.is_none() {
                        let mut e = ParseError::new(ParseErrorKind::NumberForTarget, np.span);
                        e.found = format!("`{}`", self.words(&np.span));
                        self.errors.push(e);
                    }
                    *elided = found;
                }
            }
        }
        if takes_from_pool {
            if let Np::Phrase(ph) = &mut np.node {
                let sourced = ph
                    .postmods
                    .iter()
                    .any(|m| matches!(m.node, Postmod::From { .. } | Postmod::In(_)));
                if ph.possessor.is_none() && !sourced && !is_definite(ph) {
                    let pools = self.pools.clone();
                    ph.among = self.nearest(|b| pools.contains(&b.id)).map(Ref::Binding);
                }
            }
        }
        let hints: &[Kind] = match verb {
            // what is on the field: a card in a hand, deck or trash is not defeated or spent
            Some(Verb::Defeat) => &[Kind::Unit, Kind::Legend, Kind::Gear],
            Some(Verb::Spend | Verb::Give | Verb::Attack | Verb::Block) => {
                &[Kind::Unit, Kind::Legend]
            }
            Some(Verb::Ready) => &[Kind::Unit, Kind::Legend, Kind::Eddie],
            Some(
                Verb::Increase
                | Verb::Decrease
                | Verb::Adjust
                | Verb::Set
                | Verb::Swap
                | Verb::Steal,
            ) => &[Kind::Gig],
            _ => &[],
        };
        self.np(np, Role::Declares, hints);
    }

    fn adjunct(&mut self, a: &mut Adjunct) {
        match a {
            Adjunct::Duration(d) => self.duration(d),
            Adjunct::ForEach(np) => self.np(np, Role::RefersOnly, &[]),
            Adjunct::For(np)
            | Adjunct::To(np)
            | Adjunct::With(np)
            | Adjunct::Against(np)
            | Adjunct::In(np)
            | Adjunct::On(np)
            | Adjunct::From(np) => self.np(np, Role::Adjunct, &[]),
            Adjunct::ToNumber(n) => self.number(n),
            Adjunct::Purpose(vp) | Adjunct::Without(vp) => self.vp(&mut vp.node),
            Adjunct::By(by) => {
                if let ByAmount::Number(n) = &mut by.amount {
                    self.number(n);
                }
            }
            Adjunct::ByDoing(vps) => vps.iter_mut().for_each(|vp| self.vp(&mut vp.node)),
            Adjunct::After(e) | Adjunct::When(e) => self.event(e),
            Adjunct::ForFree
            | Adjunct::ForEddies(_)
            | Adjunct::Minimum(_)
            | Adjunct::Once
            | Adjunct::Only
            | Adjunct::Each => {}
        }
    }

    fn duration(&mut self, d: &mut DurationPhrase) {
        match d {
            DurationPhrase::While { doing, .. } => self.vp(&mut doing.node),
            DurationPhrase::TurnPlayed { refers_to, .. } => {
                *refers_to = self
                    .subject
                    .last()
                    .copied()
                    .filter(|r| *r != Ref::You)
                    .unwrap_or_else(|| self.this_ref());
            }
            DurationPhrase::ThisTurn
            | DurationPhrase::NextTurn
            | DurationPhrase::EachTurn
            | DurationPhrase::Until(_)
            | DurationPhrase::At(_)
            | DurationPhrase::During(_) => {}
        }
    }

    fn comparison(&mut self, c: &mut Comparison) {
        match c {
            Comparison::EqualTo { to: n, .. } | Comparison::Than { than: n, .. } => self.number(n),
            _ => {}
        }
    }

    fn number(&mut self, n: &mut Number) {
        if let Number::Np(np) = n {
            self.np(np, Role::RefersOnly, &[]);
        }
    }

    fn postmod(&mut self, p: &mut Postmod) {
        match p {
            Postmod::With(np)
            | Postmod::In(np)
            | Postmod::Of(np)
            | Postmod::As(np)
            | Postmod::NotSharedBy(np) => self.np(np, Role::RefersOnly, &[]),
            // `more ☆ than a Rival` names the Rival (`they` after it); `from a friendly Unit` the Unit
            Postmod::Than(np)
            | Postmod::Compared { than: np, .. }
            | Postmod::From { what: np, .. } => self.np(np, Role::Adjunct, &[]),
            Postmod::That { vp, .. } => self.vp(&mut vp.node),
            Postmod::WithKeywords(_) | Postmod::Named(_) | Postmod::AtValue { .. } => {}
        }
    }

    // ---- noun phrases

    /// Resolves the references inside a noun phrase and, in a place that introduces referents,
    /// declares the one it names. `hints` are the kinds an `it` here may stand for.
    fn np(&mut self, np: &mut NounPhrase, role: Role, hints: &[Kind]) {
        let span = np.span;
        match &mut np.node {
            Np::Pronoun { word, refers_to } => {
                *refers_to = self.pronoun(*word, hints, &span);
            }
            Np::Rest { of } => {
                let pools = self.pools.clone();
                *of = match self.nearest(|b| pools.contains(&b.id)) {
                    Some(id) => Ref::Binding(id),
                    None => self.unresolved(
                        &span,
                        "`the rest`".into(),
                        "cards searched or revealed before, such as `the top 3 cards of your deck`",
                    ),
                };
            }
            Np::Count { postmods, .. } => {
                for m in postmods {
                    self.postmod(&mut m.node);
                }
            }
            Np::Phrase(ph) => self.phrase(ph, &span),
            Np::And(items) => {
                for i in items {
                    self.np(i, role, hints);
                }
                return;
            }
        }
        let kind = self.kind_of(np);
        let declares = match role {
            Role::Declares => true,
            Role::Adjunct => kind != Kind::Zone,
            Role::RefersOnly => false,
        };
        if declares && self.introduces(np) {
            let plural = plural_of(np);
            let id = self.declare(self.words(&span), kind, plural, span);
            if is_pool(np) {
                self.pools.push(id);
            }
            if kind == Kind::Fight {
                self.fights.push(id);
            }
            np.binds = Some(id);
        }
    }

    /// Whether a noun phrase names something new (not a pronoun, a definite reference, a
    /// number or the player).
    fn introduces(&self, np: &NounPhrase) -> bool {
        match &np.node {
            Np::Pronoun { .. } | Np::Rest { .. } | Np::And(_) => false,
            Np::Count { .. } => true,
            Np::Phrase(ph) => {
                ph.refers_to.is_none()
                    && !ph.heads.is_empty()
                    && !ph.heads.iter().any(|h| h.head.node.noun.is_number())
                    && ph.det.as_ref().is_none_or(|d| d.node != Det::This)
            }
        }
    }

    fn kind_of(&self, np: &NounPhrase) -> Kind {
        match &np.node {
            Np::Pronoun { refers_to, .. } => self.ref_kind(*refers_to),
            Np::Rest { .. } => Kind::Card,
            Np::Count { elided, .. } => elided.map_or(Kind::Card, |r| self.ref_kind(r)),
            Np::And(items) => items.first().map_or(Kind::Card, |i| self.kind_of(i)),
            Np::Phrase(ph) => ph
                .heads
                .first()
                .map_or(Kind::Thing, |h| noun_kind(&h.head.node.noun)),
        }
    }

    fn pronoun(&mut self, word: Pronoun, hints: &[Kind], span: &Span) -> Ref {
        match word {
            Pronoun::It => self.resolve_it(hints, span, "it"),
            Pronoun::You => Ref::You,
            Pronoun::Both => Ref::Modes,
            Pronoun::Them => match self.nearest(|b| b.plural && b.kind != Kind::Player) {
                Some(id) => Ref::Binding(id),
                None => self.unresolved(
                    span,
                    "`them`".into(),
                    "cards named before, such as `the top 2 cards of your deck`",
                ),
            },
            Pronoun::They => {
                let plural_units = hints.contains(&Kind::Unit);
                match self.nearest(|b| {
                    if plural_units {
                        b.plural && matches!(b.kind, Kind::Unit | Kind::Legend)
                    } else {
                        b.kind == Kind::Player || (b.plural && b.kind != Kind::Player)
                    }
                }) {
                    Some(id) => Ref::Binding(id),
                    None => self.unresolved(
                        span,
                        "`they`".into(),
                        "a player or cards named before, such as `a Rival`",
                    ),
                }
            }
        }
    }

    /// `it`, `its`, `it's`: the nearest single thing of the kinds given; else this card.
    fn resolve_it(&mut self, hints: &[Kind], span: &Span, word: &str) -> Ref {
        let fights = self.fights.clone();
        let candidate = |b: &Binding, zone: bool| {
            !b.plural
                && !fights.contains(&b.id)
                && !matches!(
                    b.kind,
                    Kind::Player | Kind::Eddie | Kind::CardType | Kind::Fight | Kind::Thing
                )
                && (b.kind == Kind::Zone) == zone
                && (hints.is_empty() || hints.contains(&b.kind))
        };
        // a zone only when nothing else was named: `Look at a Rival's hand. Then, discard a card from it.`
        let found = self
            .nearest(|b| candidate(b, false))
            .or_else(|| self.nearest(|b| candidate(b, true)));
        match found {
            Some(id) => Ref::Binding(id),
            None if self.kind == CardType::Program && self.this_override.is_none() => self
                .unresolved(
                    span,
                    format!("`{word}`"),
                    "a card, Unit or Gig named before it, such as `a rival Unit`",
                ),
            None => self.this_ref(),
        }
    }

    fn phrase(&mut self, ph: &mut Phrase, span: &Span) {
        // the possessor first: `its` by what it owns
        let head = ph.heads.first().map(|h| h.head.node.noun.clone());
        if let Some(owner) = &mut ph.possessor {
            match &mut owner.node {
                Np::Pronoun {
                    word: Pronoun::It,
                    refers_to,
                } => {
                    let hints = possessed_hints(head.as_ref());
                    let s = owner.span;
                    *refers_to = self.resolve_it(&hints, &s, "its");
                }
                Np::Pronoun {
                    word: Pronoun::They,
                    refers_to,
                } => {
                    let s = owner.span;
                    *refers_to = if head.as_ref().is_some_and(Noun::is_number) {
                        self.pronoun(Pronoun::They, &[Kind::Unit], &s)
                    } else {
                        match self.nearest(|b| b.kind == Kind::Player) {
                            Some(id) => Ref::Binding(id),
                            None => self.unresolved(
                                &s,
                                "`their`".into(),
                                "a player named before, such as `a Rival`",
                            ),
                        }
                    };
                }
                _ => self.np(owner, Role::Declares, &[]),
            }
        }
        for h in &mut ph.heads {
            if let Some(c) = &mut h.head.node.comparison {
                self.comparison(&mut c.node);
            }
        }
        for m in &mut ph.postmods {
            self.postmod(&mut m.node);
        }
        ph.refers_to = self.definite(ph, span);
    }

    /// What a definite phrase (`this Unit`, `that Gig`, `the card`, `those Gigs`, `these
    /// effects`, `the opposing rival Unit`, `the same value`) points at; `None` for a phrase that
    /// names something new (`the top card of your deck`, `the rival Unit with the highest power`).
    fn definite(&mut self, ph: &Phrase, span: &Span) -> Option<Ref> {
        let det = ph.det.as_ref().map(|d| d.node)?;
        let noun = ph.heads.first().map(|h| h.head.node.noun.clone())?;
        let words = |w: &PremodWord| {
            ph.premods
                .iter()
                .chain(ph.heads.iter().flat_map(|h| h.premods.iter()))
                .any(|p| p.node.words.iter().any(|x| x.node == *w))
        };
        if det == Det::This {
            return Some(match noun {
                Noun::Gear | Noun::Card | Noun::Program | Noun::Effect => Ref::This,
                _ => self.this_ref(),
            });
        }
        if !matches!(det, Det::The | Det::That | Det::Those | Det::These) || ph.partitive.is_some()
        {
            return None;
        }
        if noun == Noun::Effect && det == Det::These {
            return Some(Ref::Modes);
        }
        if noun.is_number() {
            // `the same value`: the same as the Gig named before; `the value of …` is a number
            let same = words(&PremodWord::Same)
                && !ph.postmods.iter().any(|m| matches!(m.node, Postmod::As(_)));
            // the same as a Gig named before, not as the clause's own subject
            let subject = self.subject.last().copied();
            return same.then(|| {
                match self.nearest(|b| b.kind == Kind::Gig && subject != Some(Ref::Binding(b.id))) {
                    Some(id) => Ref::Binding(id),
                    None => self.unresolved(
                        span,
                        format!("`{}`", self.words(span)),
                        "a Gig named before",
                    ),
                }
            });
        }
        let superlative = |ph: &Phrase| {
            ph.postmods.iter().any(|m| match &m.node {
                Postmod::With(np) => match &np.node {
                    Np::Phrase(p) => p.premods.iter().any(|pm| {
                        pm.node.words.iter().any(|w| {
                            matches!(
                                w.node,
                                PremodWord::Highest
                                    | PremodWord::Lowest
                                    | PremodWord::HighestPower
                                    | PremodWord::LowestPower
                            )
                        })
                    }),
                    _ => false,
                },
                _ => false,
            })
        };
        let fresh = noun.is_zone()
            || matches!(noun, Noun::Attack | Noun::Order)
            || ph.premods.iter().any(|p| {
                p.node.words.iter().any(|w| {
                    matches!(
                        w.node,
                        PremodWord::Top(_) | PremodWord::HighestPower | PremodWord::LowestPower
                    )
                })
            })
            || superlative(ph)
            || ph.postmods.iter().any(|m| matches!(m.node, Postmod::Of(_)));
        if fresh {
            return None;
        }
        let found = if words(&PremodWord::Opposing) {
            let fights = self.fights.clone();
            self.nearest(|b| fights.contains(&b.id))
        } else if noun == Noun::Result {
            self.nearest(|b| b.kind == Kind::Gig)
        } else {
            let kind = noun_kind(&noun);
            let plural = det == Det::Those || det == Det::These;
            let fights = self.fights.clone();
            self.nearest(|b| {
                let same = if kind == Kind::Card {
                    is_card_like(b.kind)
                } else if kind == Kind::Unit {
                    matches!(b.kind, Kind::Unit | Kind::Legend)
                } else {
                    b.kind == kind
                };
                same && (!plural || b.plural) && !fights.contains(&b.id)
            })
        };
        Some(match found {
            Some(id) => Ref::Binding(id),
            None => self.unresolved(
                span,
                format!("`{}`", self.words(span)),
                "something of the same kind named before",
            ),
        })
    }
}

/// What a noun phrase points at, when it is a reference: `it`, `that Gig`, `this Unit`.
fn np_ref(np: &NounPhrase) -> Option<Ref> {
    if let Some(id) = np.binds {
        return Some(Ref::Binding(id));
    }
    match &np.node {
        Np::Pronoun { refers_to, .. } => Some(*refers_to),
        Np::Phrase(ph) => ph.refers_to,
        _ => None,
    }
}

fn is_definite(ph: &Phrase) -> bool {
    ph.refers_to.is_some()
        || matches!(
            ph.det.as_ref().map(|d| d.node),
            Some(Det::The | Det::That | Det::This | Det::Those | Det::These)
        )
}

/// Whether a noun phrase names cards looked at: `the top 3 cards of your deck`.
fn is_pool(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(ph) => ph.premods.iter().any(|p| {
            p.node
                .words
                .iter()
                .any(|w| matches!(w.node, PremodWord::Top(_)))
        }),
        _ => false,
    }
}

fn plural_of(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Pronoun { word, .. } => matches!(word, Pronoun::Them | Pronoun::They | Pronoun::Both),
        Np::Rest { .. } | Np::And(_) => true,
        Np::Count { count, .. } => count.n > 1 || count.up_to,
        Np::Phrase(ph) => {
            ph.heads.iter().any(|h| h.head.node.plural)
                || matches!(
                    ph.det.as_ref().map(|d| d.node),
                    Some(
                        Det::All
                            | Det::AnyNumberOf
                            | Det::These
                            | Det::Those
                            | Det::OneOrMore
                            | Det::OrMore(_)
                            | Det::Plus(_)
                            | Det::AtLeast(_)
                    )
                )
                || matches!(ph.det.as_ref().map(|d| d.node), Some(Det::Number(n) | Det::UpTo(n)) if n > 1)
        }
    }
}

fn noun_kind(n: &Noun) -> Kind {
    match n {
        Noun::Unit => Kind::Unit,
        Noun::Legend => Kind::Legend,
        Noun::Gear | Noun::Named(_) => Kind::Gear,
        Noun::Program => Kind::Program,
        Noun::Card => Kind::Card,
        Noun::CardType | Noun::Type => Kind::CardType,
        Noun::Eddie => Kind::Eddie,
        Noun::Rival | Noun::Player | Noun::Owner | Noun::Controller => Kind::Player,
        Noun::Gig | Noun::Die(_) | Noun::ValuePair | Noun::SidedPair => Kind::Gig,
        Noun::Fight => Kind::Fight,
        Noun::Hand
        | Noun::Deck
        | Noun::Trash
        | Noun::FixerArea
        | Noun::LegendsArea
        | Noun::GigArea
        | Noun::Field
        | Noun::Game => Kind::Zone,
        _ => Kind::Thing,
    }
}

/// The kinds `its` may stand for before a noun: `its power` a Unit, `its value` a Gig.
fn possessed_hints(noun: Option<&Noun>) -> Vec<Kind> {
    match noun {
        Some(Noun::Power) => vec![Kind::Unit, Kind::Legend],
        Some(Noun::Value) => vec![Kind::Gig],
        Some(Noun::Cost | Noun::Owner | Noun::Controller) => {
            vec![
                Kind::Card,
                Kind::Gear,
                Kind::Unit,
                Kind::Program,
                Kind::Legend,
            ]
        }
        Some(_) => vec![Kind::Unit, Kind::Legend],
        None => Vec::new(),
    }
}

/// The kinds a subject `it` may stand for, by what the clause says of it: `it's spent` a Unit,
/// `it's at max value` and `it becomes a min Gig` a Gig.
fn complement_hints(c: &Clause) -> Vec<Kind> {
    let Some(step) = c.steps.first() else {
        return Vec::new();
    };
    let vp = &step.vp.node;
    if vp.copula.is_none() || !vp.verbs.is_empty() {
        return Vec::new();
    }
    match vp.objects.first().map(|o| &o.node) {
        Some(Object::States(s))
            if s.words.words.iter().any(|w| {
                matches!(
                    w.node,
                    PremodWord::Spent
                        | PremodWord::Ready
                        | PremodWord::Equipped
                        | PremodWord::Unequipped
                        | PremodWord::FaceUp
                        | PremodWord::FaceDown
                )
            }) =>
        {
            vec![Kind::Unit, Kind::Legend]
        }
        Some(Object::Postmod(Postmod::AtValue { .. })) => vec![Kind::Gig],
        Some(Object::Np(NounPhrase {
            node: Np::Phrase(ph),
            ..
        })) if ph
            .heads
            .iter()
            .any(|h| noun_kind(&h.head.node.noun) == Kind::Gig) =>
        {
            vec![Kind::Gig]
        }
        _ => Vec::new(),
    }
}
