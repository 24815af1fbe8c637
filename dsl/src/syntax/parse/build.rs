//! From pest pairs to the syntax tree: one function per rule of `grammar/text.pest`.
//!
//! The builder reads the words of atomic rules (`det`, `adjective`, `noun_word`, `verb`) from
//! their text, checks what the grammar leaves open (a number's size, a verb's inflection in its
//! place, a window only after `When`), and leaves every reference for [`super::resolve`]: refs
//! are `Ref::This` and bindings `None` until then.

use super::error::{ParseError, ParseErrorKind};
use super::grammar::Rule;
use crate::source::{FileId, Span};
use crate::syntax::tree::*;
use crate::syntax::MAX_NUMBER;
use pest::iterators::Pair;

type P<'i> = Pair<'i, Rule>;
type R<T> = Result<T, ParseError>;

/// Where a verb stands, which decides the inflection it must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// an order or after a modal or `to`: `draw`
    Base,
    /// after a subject: `draws`, `draw`, `drew`
    Finite,
    /// after a copula: `defeated`
    Participle,
    /// after `while`, `by`, `without`: `attacking`
    Gerund,
}

/// Builds the tree of one textbox.
pub(super) struct Builder<'t> {
    src: &'t str,
    offset: usize,
    file: FileId,
    /// problems in the words (a number too large, a verb in the wrong form): the tree is still built
    pub errors: Vec<ParseError>,
}

fn kids<'i>(p: &P<'i>) -> Vec<P<'i>> {
    p.clone().into_inner().collect()
}

impl<'t> Builder<'t> {
    pub(super) fn new(src: &'t str, offset: usize, file: FileId) -> Self {
        Builder {
            src,
            offset,
            file,
            errors: Vec::new(),
        }
    }

    /// Where a pair is, in the card file, without the spaces a lookahead at its end skipped.
    fn span(&self, p: &P) -> Span {
        let s = p.as_span();
        let end = s.start() + p.as_str().trim_end().len();
        Span::new(self.file, self.offset + s.start()..self.offset + end)
    }

    fn span_of(&self, a: &P, b: &P) -> Span {
        Span::new(self.file, self.span(a).start..self.span(b).end)
    }

    fn sp<T>(&self, p: &P, node: T) -> Spanned<T> {
        Spanned {
            node,
            span: self.span(p),
        }
    }

    fn bug(&self, p: &P, what: &str) -> ParseError {
        let mut e = ParseError::new(ParseErrorKind::Internal, self.span(p));
        e.found = format!("{what} in `{}`", p.as_str());
        e
    }

    fn nth<'i>(&self, p: &P<'i>, i: usize) -> R<P<'i>> {
        p.clone()
            .into_inner()
            .nth(i)
            .ok_or_else(|| self.bug(p, "a missing part"))
    }

    /// The text between the end of `a` and the start of `b`.
    fn between(&self, a: &P, b: &P) -> &'t str {
        let (s, e) = (a.as_span().end(), b.as_span().start());
        self.src.get(s..e).unwrap_or("")
    }

    /// The text right after `p`, without leading spaces.
    fn after(&self, p: &P) -> &'t str {
        self.src
            .get(p.as_span().end()..)
            .unwrap_or("")
            .trim_start_matches(' ')
    }

    /// A number written in the text, at most [`MAX_NUMBER`].
    fn bounded(&mut self, digits: &str, span: Span) -> u32 {
        match digits.parse::<u64>() {
            Ok(n) if n <= u64::from(MAX_NUMBER) => n as u32,
            _ => {
                let mut e = ParseError::new(ParseErrorKind::NumberTooLarge, span);
                e.found = format!("`{digits}`");
                self.errors.push(e);
                MAX_NUMBER
            }
        }
    }

    /// The first run of digits in `p`'s text, bounded.
    fn digits_in(&mut self, p: &P) -> u32 {
        let s = p.as_str();
        let start = s.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
        let len = s[start..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(s.len() - start);
        let at = self.offset + p.as_span().start() + start;
        self.bounded(&s[start..start + len], Span::new(self.file, at..at + len))
    }

    fn signed(&mut self, p: &P) -> i32 {
        let n = self.digits_in(p) as i32;
        if p.as_str().starts_with('-') {
            -n
        } else {
            n
        }
    }

    fn reminder(&self, p: &P) -> Reminder {
        Reminder {
            text: p.as_str().to_string(),
            span: self.span(p),
        }
    }

    // ---- lines

    /// The abilities of a textbox; a line of modes joins the ability above it.
    pub(super) fn text(&mut self, p: P) -> R<Vec<Spanned<Ability>>> {
        let mut out: Vec<Spanned<Ability>> = Vec::new();
        for line in p.into_inner().filter(|l| l.as_rule() == Rule::line) {
            let inner = self.nth(&line, 0)?;
            if inner.as_rule() != Rule::modes_line {
                let ability = self.ability(&inner)?;
                out.push(self.sp(&line, ability));
                continue;
            }
            let modes = kids(&inner)
                .iter()
                .map(|m| self.sentences(m))
                .collect::<R<Vec<_>>>()?;
            let mut joined = false;
            if let Some(prev) = out.last_mut() {
                if let Ability::Triggered { effect, .. }
                | Ability::Activated { effect, .. }
                | Ability::Plain { effect, .. } = &mut prev.node
                {
                    if let Effect::Sentences(lead) = effect {
                        *effect = Effect::Modal {
                            lead: std::mem::take(lead),
                            modes,
                        };
                        prev.span.end = self.offset + line.as_span().end();
                        joined = true;
                    }
                }
            }
            if !joined {
                let mut e = ParseError::new(ParseErrorKind::Misplaced, self.span(&line));
                e.found = "modes (` // `)".into();
                e.expected = vec!["a line before them, such as `Choose one effect.`".into()];
                self.errors.push(e);
            }
        }
        Ok(out)
    }

    fn ability(&mut self, p: &P) -> R<Ability> {
        Ok(match p.as_rule() {
            Rule::reminder_line => {
                Ability::Reminder(kids(p).iter().map(|r| self.reminder(r)).collect())
            }
            Rule::flavour_line => {
                let q = self.nth(p, 0)?;
                let text = q.as_str().trim_matches('"').to_string();
                Ability::Flavour(self.sp(&q, text))
            }
            Rule::keyword_line => {
                let k = self.nth(p, 0)?;
                Ability::Keyword {
                    keyword: self.sp(&k, keyword_of(k.as_str())),
                    reminder: p
                        .clone()
                        .into_inner()
                        .find(|c| c.as_rule() == Rule::reminder)
                        .map(|r| self.reminder(&r)),
                }
            }
            Rule::triggered => {
                let ks = kids(p);
                let first = ks.first().ok_or_else(|| self.bug(p, "a trigger"))?;
                let effect_p = ks.last().ok_or_else(|| self.bug(p, "an effect"))?;
                let effect = Effect::Sentences(self.sentences(effect_p)?);
                if first.as_rule() == Rule::labels {
                    let labels = kids(first)
                        .iter()
                        .map(|l| self.sp(l, label_of(l.as_str())))
                        .collect();
                    return Ok(Ability::Triggered {
                        trigger: self.sp(first, TriggerPhrase::Labels(labels)),
                        effect,
                    });
                }
                let trigger = self.trigger(first)?;
                match ks.iter().find(|c| c.as_rule() == Rule::costs) {
                    None => Ability::Triggered { trigger, effect },
                    Some(costs) => {
                        let window = match trigger.node {
                            TriggerPhrase::When { event, .. } => Some(event),
                            _ => {
                                let mut e =
                                    ParseError::new(ParseErrorKind::Misplaced, trigger.span);
                                e.found = "costs after this trigger".into();
                                e.expected =
                                    vec!["`When <event>,` before the costs of an ability".into()];
                                self.errors.push(e);
                                None
                            }
                        };
                        Ability::Activated {
                            quick: false,
                            window,
                            costs: self.costs(costs),
                            effect,
                        }
                    }
                }
            }
            Rule::activated => {
                let ks = kids(p);
                let costs = ks
                    .iter()
                    .find(|c| c.as_rule() == Rule::costs)
                    .ok_or_else(|| self.bug(p, "costs"))?;
                let effect_p = ks.last().ok_or_else(|| self.bug(p, "an effect"))?;
                Ability::Activated {
                    quick: ks.iter().any(|c| c.as_rule() == Rule::quick),
                    window: None,
                    costs: self.costs(costs),
                    effect: Effect::Sentences(self.sentences(effect_p)?),
                }
            }
            Rule::plain => {
                let ks = kids(p);
                let effect_p = ks.last().ok_or_else(|| self.bug(p, "an effect"))?;
                Ability::Plain {
                    quick: ks.iter().any(|c| c.as_rule() == Rule::quick),
                    effect: Effect::Sentences(self.sentences(effect_p)?),
                }
            }
            _ => return Err(self.bug(p, "a line")),
        })
    }

    fn costs(&mut self, p: &P) -> Vec<Spanned<Cost>> {
        kids(p)
            .iter()
            .map(|c| {
                let node = if c.as_str().starts_with("{Spend}") {
                    Cost::Spend
                } else {
                    Cost::Eddies(self.digits_in(c))
                };
                self.sp(c, node)
            })
            .collect()
    }

    fn trigger(&mut self, p: &P) -> R<Spanned<TriggerPhrase>> {
        let ks = kids(p);
        let node = match ks.as_slice() {
            [w, e] if w.as_rule() == Rule::when => TriggerPhrase::When {
                ever: w.as_str().len() > 4,
                event: self.event(e)?,
            },
            [t] if t.as_rule() == Rule::turn_point => TriggerPhrase::At(self.turn_point(t)?),
            [e] if e.as_rule() == Rule::event => {
                let mut event = self.event(e)?;
                match event.node.vp.node.adjuncts.last() {
                    Some(Spanned {
                        node: Adjunct::Duration(DurationPhrase::EachTurn),
                        ..
                    }) => {
                        event.node.vp.node.adjuncts.pop();
                    }
                    _ => {
                        let mut err = ParseError::new(ParseErrorKind::Misplaced, self.span(e));
                        err.found = "`The first time …` without `each turn`".into();
                        err.expected = vec!["`each turn` before the comma".into()];
                        self.errors.push(err);
                    }
                }
                TriggerPhrase::FirstTime(event)
            }
            _ => return Err(self.bug(p, "a trigger")),
        };
        Ok(self.sp(p, node))
    }

    // ---- sentences

    fn sentences(&mut self, p: &P) -> R<Vec<Spanned<Sentence>>> {
        kids(p).iter().map(|s| self.sentence(s)).collect()
    }

    fn sentence(&mut self, p: &P) -> R<Spanned<Sentence>> {
        let mut leads = Vec::new();
        let mut clause = None;
        let mut reminders = Vec::new();
        for c in kids(p) {
            match c.as_rule() {
                Rule::lead => {
                    let node = self.lead(&c)?;
                    leads.push(self.sp(&c, node));
                }
                Rule::clause => clause = Some(self.clause(&c)?),
                Rule::reminder => reminders.push(self.reminder(&c)),
                _ => return Err(self.bug(&c, "a part of a sentence")),
            }
        }
        let clause = clause.ok_or_else(|| self.bug(p, "a clause"))?;
        Ok(self.sp(
            p,
            Sentence {
                leads,
                clause,
                reminders,
            },
        ))
    }

    fn lead(&mut self, p: &P) -> R<Lead> {
        let c = self.nth(p, 0)?;
        Ok(match c.as_rule() {
            Rule::then => Lead::Then {
                comma: c.as_str().ends_with(','),
            },
            Rule::if_lead => Lead::If(self.condition(&self.nth(&c, 0)?)?),
            Rule::otherwise => Lead::Otherwise {
                depends_on: SentenceId(0),
            },
            Rule::next_time => {
                let mut event = self.event(&self.nth(&c, 0)?)?;
                let duration = match event.node.vp.node.adjuncts.last() {
                    Some(Spanned {
                        node: Adjunct::Duration(_),
                        ..
                    }) => event
                        .node
                        .vp
                        .node
                        .adjuncts
                        .pop()
                        .and_then(|a| match a.node {
                            Adjunct::Duration(d) => Some(Spanned {
                                node: d,
                                span: a.span,
                            }),
                            _ => None,
                        }),
                    _ => None,
                };
                Lead::NextTime { event, duration }
            }
            Rule::duration => Lead::During(self.duration(&c)?),
            _ => return Err(self.bug(&c, "a lead")),
        })
    }

    // ---- clauses

    fn clause(&mut self, p: &P) -> R<Spanned<Clause>> {
        let mut subject = None;
        let mut subject_duration = None;
        let mut clause = None;
        for c in kids(p) {
            match c.as_rule() {
                Rule::subject => {
                    for s in kids(&c) {
                        match s.as_rule() {
                            Rule::subject_np => subject = Some(self.np(&s)?),
                            Rule::duration => subject_duration = Some(self.duration(&s)?),
                            _ => return Err(self.bug(&s, "a subject")),
                        }
                    }
                }
                Rule::predicate => {
                    let place = if subject.is_some() {
                        Place::Finite
                    } else {
                        Place::Base
                    };
                    clause = Some(self.predicate(&c, place)?);
                }
                _ => return Err(self.bug(&c, "a part of a clause")),
            }
        }
        let mut clause = clause.ok_or_else(|| self.bug(p, "a predicate"))?;
        clause.subject = subject;
        clause.subject_duration = subject_duration;
        Ok(self.sp(p, clause))
    }

    /// `modal? also? instead? steps instead? trailing?`, with no subject yet.
    fn predicate(&mut self, p: &P, place: Place) -> R<Clause> {
        let mut clause = Clause {
            subject: None,
            subject_duration: None,
            modal: None,
            also: false,
            instead: None,
            steps: Vec::new(),
            condition: None,
        };
        let mut seen_steps = false;
        for c in kids(p) {
            match c.as_rule() {
                Rule::modal => clause.modal = Some(self.sp(&c, modal_of(c.as_str()))),
                Rule::also => clause.also = true,
                Rule::instead => {
                    clause.instead = Some(Instead {
                        before_verb: !seen_steps,
                        replaces: SentenceId(0),
                    })
                }
                Rule::steps => {
                    let place = if clause.modal.is_some() {
                        Place::Base
                    } else {
                        place
                    };
                    clause.steps = self.steps(&c, place)?;
                    seen_steps = true;
                }
                Rule::trailing => {
                    let t = self.trailing(&c)?;
                    clause.condition = Some(self.sp(&c, t));
                }
                _ => return Err(self.bug(&c, "a part of a predicate")),
            }
        }
        Ok(clause)
    }

    fn steps(&mut self, p: &P, place: Place) -> R<Vec<Step>> {
        let mut steps = Vec::new();
        let mut link = None;
        let mut modal = None;
        for c in kids(p) {
            match c.as_rule() {
                Rule::link => {
                    let t = c.as_str();
                    link = Some(if t.starts_with(',') {
                        Link::Then
                    } else if t.starts_with("and") {
                        Link::And
                    } else {
                        Link::Or
                    });
                }
                Rule::modal => modal = Some(self.sp(&c, modal_of(c.as_str()))),
                Rule::vp => {
                    let place = if modal.is_some() { Place::Base } else { place };
                    let vp = self.vp(&c, place)?;
                    steps.push(Step {
                        link: link.take(),
                        modal: modal.take(),
                        vp,
                    });
                }
                _ => return Err(self.bug(&c, "a step")),
            }
        }
        Ok(steps)
    }

    fn trailing(&mut self, p: &P) -> R<Trailing> {
        let c = self.nth(p, 0)?;
        let condition = self.condition(&c)?.node;
        // `if it can`: a subject and a modal with no verb
        let it_can = matches!(&condition, Condition::Holds(cl)
        if cl.steps.is_empty()
            && cl.modal.as_ref().is_some_and(|m| m.node == Modal::Can)
            && matches!(
                cl.subject.as_ref().map(|s| &s.node),
                Some(Np::Pronoun { word: Pronoun::It, .. })
            ));
        Ok(if !p.as_str()[..2].eq_ignore_ascii_case("if") {
            Trailing::Unless(condition)
        } else if it_can {
            Trailing::IfItCan {
                refers_to: Ref::This,
            }
        } else {
            Trailing::If(condition)
        })
    }

    // ---- verb phrases

    fn vp(&mut self, p: &P, place: Place) -> R<Spanned<VerbPhrase>> {
        let mut vp = VerbPhrase {
            copula: None,
            verbs: Vec::new(),
            form: Form::Base,
            objects: Vec::new(),
            adjuncts: Vec::new(),
        };
        for c in kids(p) {
            match c.as_rule() {
                Rule::copula => vp.copula = Some(self.sp(&c, copula_of(c.as_str()))),
                Rule::passive => {
                    for k in kids(&c) {
                        match k.as_rule() {
                            Rule::verbs => {
                                let (verbs, form) = self.verbs(&k, Place::Participle)?;
                                vp.verbs = verbs;
                                vp.form = form;
                            }
                            Rule::object => vp.objects.push(self.object(&k)?),
                            _ => return Err(self.bug(&k, "a part of a passive")),
                        }
                    }
                }
                Rule::complement => {
                    let o = self.complement(&c)?;
                    vp.objects.push(o);
                }
                Rule::verbs => {
                    let (verbs, form) = self.verbs(&c, place)?;
                    vp.verbs = verbs;
                    vp.form = form;
                }
                Rule::object => vp.objects.push(self.object(&c)?),
                Rule::adjunct => vp.adjuncts.push(self.adjunct(&c)?),
                _ => return Err(self.bug(&c, "a part of a verb phrase")),
            }
        }
        Ok(self.sp(p, vp))
    }

    /// `verb ("or" verb)*` in the inflection `place` asks for.
    fn verbs(&mut self, p: &P, place: Place) -> R<(Vec<Spanned<Verb>>, Form)> {
        let mut verbs = Vec::new();
        let mut form = None;
        for v in kids(p) {
            let word = v.as_str();
            let Some((verb, forms)) = Verb::parse(word) else {
                return Err(self.bug(&v, "a verb"));
            };
            let chosen = match place {
                Place::Base => forms.iter().copied().find(|f| *f == Form::Base),
                Place::Participle => forms.iter().copied().find(|f| *f == Form::Participle),
                Place::Gerund => forms.iter().copied().find(|f| *f == Form::Gerund),
                Place::Finite => [Form::Base, Form::Third, Form::Past]
                    .into_iter()
                    .find(|f| forms.contains(f)),
            };
            let f = match chosen {
                Some(f) => f,
                None => {
                    let want = match place {
                        Place::Base | Place::Finite => Form::Base,
                        Place::Participle => Form::Participle,
                        Place::Gerund => Form::Gerund,
                    };
                    let mut e = ParseError::new(ParseErrorKind::Inflection, self.span(&v));
                    e.found = format!("`{word}`");
                    e.expected = vec![format!("`{}`", verb.word(want))];
                    e.suggestion = Some(verb.word(want).to_string());
                    self.errors.push(e);
                    want
                }
            };
            if form.is_some_and(|g| g != f) {
                let mut e = ParseError::new(ParseErrorKind::Inflection, self.span(&v));
                e.found = format!("`{word}`");
                let first = form.unwrap_or(f);
                e.expected = vec![format!(
                    "`{}` (verbs joined by `or` share their form)",
                    verb.word(first)
                )];
                self.errors.push(e);
            }
            form = form.or(Some(f));
            verbs.push(self.sp(&v, verb));
        }
        Ok((verbs, form.unwrap_or(Form::Base)))
    }

    fn complement(&mut self, p: &P) -> R<Spanned<Object>> {
        let c = self.nth(p, 0)?;
        let node = match c.as_rule() {
            Rule::comparison => Object::Comparison(self.comparison(&c)?.node),
            Rule::postmod => Object::Postmod(self.postmod(&c)?.node),
            Rule::states => {
                let mut article = false;
                let mut words = Vec::new();
                let mut prev: Option<P> = None;
                let mut serial_comma = false;
                for k in kids(&c) {
                    match k.as_rule() {
                        Rule::det => {
                            article = true;
                            if !matches!(det_of(k.as_str()), Some(Word::Det(Det::A))) {
                                let mut e =
                                    ParseError::new(ParseErrorKind::Misplaced, self.span(&k));
                                e.found = format!("`{}`", k.as_str());
                                e.expected = vec![
                                    "`a` or `an` before words of state, as in `an AI, DRONE, or VEHICLE`"
                                        .into(),
                                ];
                                self.errors.push(e);
                            }
                        }
                        Rule::state => {
                            if let Some(q) = &prev {
                                if self.between(q, &k).contains(',')
                                    && self.between(q, &k).contains("or")
                                {
                                    serial_comma = true;
                                }
                            }
                            let w = premod_word(k.as_str())
                                .ok_or_else(|| self.bug(&k, "a word of state"))?;
                            words.push(self.sp(&k, w));
                            prev = Some(k.clone());
                        }
                        _ => return Err(self.bug(&k, "a part of words of state")),
                    }
                }
                let commas = c.as_str().contains(',');
                Object::States(States {
                    article,
                    words: Premod {
                        words,
                        commas,
                        serial_comma,
                    },
                })
            }
            Rule::phrase => Object::Np(self.np_from_phrase(&c)?),
            _ => return Err(self.bug(&c, "a complement")),
        };
        Ok(self.sp(p, node))
    }

    fn object(&mut self, p: &P) -> R<Spanned<Object>> {
        let c = self.nth(p, 0)?;
        let node = match c.as_rule() {
            Rule::grants => Object::Grants(
                kids(&c)
                    .iter()
                    .map(|g| {
                        let node = if g.as_str().starts_with('{') {
                            Grant::Keyword(keyword_of(g.as_str()))
                        } else {
                            Grant::Power(self.signed(g))
                        };
                        self.sp(g, node)
                    })
                    .collect(),
            ),
            Rule::eddies => Object::Eddies(self.eddies(&c)),
            Rule::cmp_object => {
                let n = self.digits_in(&c);
                let t = c.as_str().trim_end();
                Object::Comparison(if t.ends_with("less") {
                    Comparison::OrLess(n)
                } else if t.ends_with("more") {
                    Comparison::OrMore(n)
                } else {
                    Comparison::OrFewer(n)
                })
            }
            Rule::whether => {
                let mut clause = None;
                let mut subject = None;
                let mut modal = None;
                for k in kids(&c) {
                    match k.as_rule() {
                        Rule::subject => subject = Some(self.np(&self.nth(&k, 0)?)?),
                        Rule::modal => modal = Some(self.sp(&k, modal_of(k.as_str()))),
                        Rule::steps => {
                            let place = if modal.is_some() {
                                Place::Base
                            } else {
                                Place::Finite
                            };
                            clause = Some(Clause {
                                subject: subject.take(),
                                subject_duration: None,
                                modal: modal.take(),
                                also: false,
                                instead: None,
                                steps: self.steps(&k, place)?,
                                condition: None,
                            })
                        }
                        _ => return Err(self.bug(&k, "a part of `whether`")),
                    }
                }
                Object::Whether(Box::new(clause.ok_or_else(|| self.bug(&c, "a clause"))?))
            }
            Rule::np => Object::Np(self.np(&c)?),
            _ => return Err(self.bug(&c, "an object")),
        };
        Ok(self.sp(p, node))
    }

    fn eddies(&mut self, p: &P) -> Eddies {
        let t = p.as_str();
        let n = self.digits_in(p) as i32;
        Eddies {
            amount: if t.starts_with('-') { -n } else { n },
            signed: t.starts_with(['+', '-', '±']),
        }
    }

    fn adjunct(&mut self, p: &P) -> R<Spanned<Adjunct>> {
        let c = self.nth(p, 0)?;
        let node = match c.as_rule() {
            Rule::duration => Adjunct::Duration(self.duration(&c)?.node),
            Rule::for_adj => {
                let k = self.nth(&c, 0)?;
                match k.as_rule() {
                    Rule::free => Adjunct::ForFree,
                    Rule::eddies => Adjunct::ForEddies(self.eddies(&k)),
                    _ => {
                        let np = self.np(&k)?;
                        if is_each(&np) {
                            Adjunct::ForEach(np)
                        } else {
                            Adjunct::For(np)
                        }
                    }
                }
            }
            Rule::to_adj => {
                let k = self.nth(&c, 0)?;
                match k.as_rule() {
                    Rule::number => Adjunct::ToNumber(Number::Lit(self.digits_in(&k))),
                    Rule::purpose => Adjunct::Purpose(Box::new(self.purpose(&k)?)),
                    _ => {
                        let np = self.np(&k)?;
                        if is_number(&np) {
                            Adjunct::ToNumber(Number::Np(Box::new(np)))
                        } else {
                            Adjunct::To(np)
                        }
                    }
                }
            }
            Rule::by_adj => {
                let ks = kids(&c);
                let up_to = ks.iter().any(|k| k.as_rule() == Rule::up_to);
                let last = ks.last().ok_or_else(|| self.bug(&c, "an amount"))?;
                let amount = match last.as_rule() {
                    Rule::signed => ByAmount::Signed {
                        n: self.signed(last),
                        either: last.as_str().starts_with('±'),
                    },
                    _ if last.as_str().trim_end().ends_with('+') => {
                        ByAmount::AtLeast(self.digits_in(last))
                    }
                    _ => ByAmount::Number(self.amount(last)?),
                };
                Adjunct::By(By { up_to, amount })
            }
            Rule::doing_adj => {
                let ks = kids(&c);
                let word = ks
                    .first()
                    .ok_or_else(|| self.bug(&c, "`by` or `without`"))?;
                let mut doings = ks[1..]
                    .iter()
                    .map(|d| self.doing(d))
                    .collect::<R<Vec<_>>>()?;
                if word.as_str() == "by" {
                    Adjunct::ByDoing(doings)
                } else {
                    if doings.len() > 1 {
                        let mut e = ParseError::new(ParseErrorKind::Misplaced, self.span(&c));
                        e.found = "`without` and several verbs".into();
                        e.expected = vec!["one verb after `without`".into()];
                        self.errors.push(e);
                    }
                    Adjunct::Without(Box::new(doings.remove(0)))
                }
            }
            Rule::prep_adj => {
                let prep = self.nth(&c, 0)?;
                let np = self.np(&self.nth(&c, 1)?)?;
                match prep.as_str() {
                    "with" => Adjunct::With(np),
                    "against" => Adjunct::Against(np),
                    "in" => Adjunct::In(np),
                    "on" => Adjunct::On(np),
                    _ => Adjunct::From(np),
                }
            }
            Rule::minimum => Adjunct::Minimum(self.eddies(&self.nth(&c, 0)?)),
            Rule::adverb => match c.as_str() {
                "once" => Adjunct::Once,
                "only" => Adjunct::Only,
                _ => Adjunct::Each,
            },
            Rule::event_adj => {
                let event = Box::new(self.event_lite(&self.nth(&c, 1)?)?);
                if self.nth(&c, 0)?.as_str().eq_ignore_ascii_case("after") {
                    Adjunct::After(event)
                } else {
                    Adjunct::When(event)
                }
            }
            _ => return Err(self.bug(&c, "an adjunct")),
        };
        Ok(self.sp(p, node))
    }

    /// `verbs object* adjunct*` after `to`: `use {Go Solo}`.
    fn purpose(&mut self, p: &P) -> R<Spanned<VerbPhrase>> {
        self.verb_tail(p, Place::Base)
    }

    /// `verbs object*` after `while`, `by`, `without`: `fighting a rival Unit`.
    fn doing(&mut self, p: &P) -> R<Spanned<VerbPhrase>> {
        self.verb_tail(p, Place::Gerund)
    }

    fn verb_tail(&mut self, p: &P, place: Place) -> R<Spanned<VerbPhrase>> {
        let mut vp = VerbPhrase {
            copula: None,
            verbs: Vec::new(),
            form: Form::Base,
            objects: Vec::new(),
            adjuncts: Vec::new(),
        };
        for k in kids(p) {
            match k.as_rule() {
                Rule::verbs => {
                    let (verbs, form) = self.verbs(&k, place)?;
                    vp.verbs = verbs;
                    vp.form = form;
                }
                Rule::object => vp.objects.push(self.object(&k)?),
                Rule::adjunct => vp.adjuncts.push(self.adjunct(&k)?),
                _ => return Err(self.bug(&k, "a part of a verb phrase")),
            }
        }
        Ok(self.sp(p, vp))
    }

    /// `subject_np verbs object*`: `you play it`.
    fn event_lite(&mut self, p: &P) -> R<Spanned<EventPhrase>> {
        let mut subject = None;
        let mut vp_start = None;
        for k in kids(p) {
            if k.as_rule() == Rule::subject_np {
                subject = Some(self.np(&k)?);
            } else if vp_start.is_none() {
                vp_start = Some(k.clone());
            }
        }
        let subject = subject.ok_or_else(|| self.bug(p, "a subject"))?;
        let first = vp_start.ok_or_else(|| self.bug(p, "a verb"))?;
        let mut vp = VerbPhrase {
            copula: None,
            verbs: Vec::new(),
            form: Form::Base,
            objects: Vec::new(),
            adjuncts: Vec::new(),
        };
        let mut last = first.clone();
        for k in kids(p).into_iter().skip(1) {
            match k.as_rule() {
                Rule::verbs => {
                    let (verbs, form) = self.verbs(&k, Place::Finite)?;
                    vp.verbs = verbs;
                    vp.form = form;
                }
                Rule::object => vp.objects.push(self.object(&k)?),
                _ => return Err(self.bug(&k, "a part of an event")),
            }
            last = k;
        }
        let vp = Spanned {
            node: vp,
            span: self.span_of(&first, &last),
        };
        Ok(self.sp(
            p,
            EventPhrase {
                subject,
                would: false,
                vp,
                binds: None,
            },
        ))
    }

    // ---- noun phrases

    /// `np_item ("and" np_item)*`, or `subject_np`.
    pub(super) fn np(&mut self, p: &P) -> R<NounPhrase> {
        let mut items = kids(p)
            .iter()
            .map(|i| self.np_item(i))
            .collect::<R<Vec<_>>>()?;
        if items.len() == 1 {
            return items.pop().ok_or_else(|| self.bug(p, "a noun phrase"));
        }
        Ok(NounPhrase {
            node: Np::And(items),
            binds: None,
            reminder: None,
            span: self.span(p),
        })
    }

    fn np_item(&mut self, p: &P) -> R<NounPhrase> {
        let ks = kids(p);
        let core = ks.first().ok_or_else(|| self.bug(p, "a noun phrase"))?;
        let reminder = ks
            .iter()
            .find(|k| k.as_rule() == Rule::reminder)
            .map(|r| self.reminder(r));
        let mut np = match core.as_rule() {
            Rule::pronoun => {
                let w = core.as_str().to_ascii_lowercase();
                let node = match w.as_str() {
                    "the rest" => Np::Rest { of: Ref::This },
                    _ => Np::Pronoun {
                        word: pronoun_of(&w).ok_or_else(|| self.bug(core, "a pronoun"))?,
                        refers_to: Ref::This,
                    },
                };
                NounPhrase {
                    node,
                    binds: None,
                    reminder: None,
                    span: self.span(core),
                }
            }
            Rule::count => {
                let ck = kids(core);
                let word = ck.first().ok_or_else(|| self.bug(core, "a number"))?;
                let t = word.as_str().to_ascii_lowercase();
                let count = Count {
                    up_to: t.starts_with("up to"),
                    n: self.digits_in(word),
                    more: if t.ends_with("more") {
                        Some(MoreFewer::More)
                    } else if t.ends_with("fewer") {
                        Some(MoreFewer::Fewer)
                    } else {
                        None
                    },
                };
                let postmods = ck[1..]
                    .iter()
                    .map(|m| self.postmod(m))
                    .collect::<R<Vec<_>>>()?;
                NounPhrase {
                    node: Np::Count {
                        count,
                        postmods,
                        elided: None,
                    },
                    binds: None,
                    reminder: None,
                    span: self.span(core),
                }
            }
            Rule::phrase => self.np_from_phrase(core)?,
            _ => return Err(self.bug(core, "a noun phrase")),
        };
        np.reminder = reminder;
        Ok(np)
    }

    fn np_from_phrase(&mut self, p: &P) -> R<NounPhrase> {
        let phrase = self.phrase(p)?;
        Ok(NounPhrase {
            node: Np::Phrase(Box::new(phrase)),
            binds: None,
            reminder: None,
            span: self.span(p),
        })
    }

    /// `(det det?)? premods (zones | nouns ("'s" phrase? | postmod*))`: a possessive makes the
    /// words before it the possessor of the phrase after it.
    fn phrase(&mut self, p: &P) -> R<Phrase> {
        let ks = kids(p);
        let mut dets = Vec::new();
        let mut premods = Vec::new();
        let mut heads = Vec::new();
        let mut postmods = Vec::new();
        let mut nested = None;
        let mut group_end = None;
        for k in &ks {
            match k.as_rule() {
                Rule::det => dets.push(k.clone()),
                Rule::premods => premods = self.premods(k)?,
                Rule::zones => {
                    heads = self.zones(k)?;
                    group_end = Some(k.clone());
                }
                Rule::nouns => {
                    heads = self.nouns(k)?;
                    group_end = Some(k.clone());
                }
                Rule::phrase => nested = Some(k.clone()),
                Rule::postmod => postmods.push(self.postmod(k)?),
                _ => return Err(self.bug(k, "a part of a noun phrase")),
            }
        }
        let group_end = group_end.ok_or_else(|| self.bug(p, "a noun"))?;
        let possessive = self.after(&group_end).starts_with("'s");
        // the determiners: a partitive first, then one determiner (or a possessive word)
        let mut partitive = None;
        let mut det = None;
        let mut possessor = None;
        for d in &dets {
            if d.as_str().contains(|c: char| c.is_ascii_digit()) {
                self.digits_in(d);
            }
            match det_of(d.as_str()) {
                Some(Word::Partitive(x))
                    if partitive.is_none() && det.is_none() && possessor.is_none() =>
                {
                    partitive = Some(self.sp(d, x))
                }
                Some(Word::Det(x)) if det.is_none() && possessor.is_none() => {
                    det = Some(self.sp(d, x))
                }
                Some(Word::Possessive(w)) if det.is_none() && possessor.is_none() => {
                    possessor = Some(Box::new(NounPhrase {
                        node: Np::Pronoun {
                            word: w,
                            refers_to: Ref::This,
                        },
                        binds: None,
                        reminder: None,
                        span: self.span(d),
                    }))
                }
                _ => {
                    let mut e = ParseError::new(ParseErrorKind::Misplaced, self.span(d));
                    e.found = format!("`{}`", d.as_str());
                    e.expected = vec!["one determiner before a noun".into()];
                    self.errors.push(e);
                }
            }
        }
        let group = Phrase {
            partitive: None,
            det,
            possessor,
            refers_to: None,
            among: None,
            premods,
            heads,
            postmods,
        };
        if !possessive {
            return Ok(Phrase { partitive, ..group });
        }
        // `a Rival's lowest-power Unit`: the group is the possessor of what follows
        let first = dets.first().cloned().or_else(|| ks.first().cloned());
        let owner_start = dets
            .iter()
            .find(|d| !matches!(det_of(d.as_str()), Some(Word::Partitive(_))))
            .cloned()
            .or_else(|| {
                ks.iter()
                    .find(|k| !matches!(k.as_rule(), Rule::det))
                    .cloned()
            })
            .or(first)
            .ok_or_else(|| self.bug(p, "a possessor"))?;
        let owner = NounPhrase {
            node: Np::Phrase(Box::new(group)),
            binds: None,
            reminder: None,
            span: self.span_of(&owner_start, &group_end),
        };
        let mut outer = match &nested {
            Some(n) => self.phrase(n)?,
            None => Phrase {
                partitive: None,
                det: None,
                possessor: None,
                refers_to: None,
                among: None,
                premods: Vec::new(),
                heads: Vec::new(),
                postmods: Vec::new(),
            },
        };
        if outer.possessor.is_some() || outer.det.is_some() || outer.partitive.is_some() {
            let mut e = ParseError::new(
                ParseErrorKind::Misplaced,
                nested
                    .as_ref()
                    .map_or_else(|| self.span(p), |n| self.span(n)),
            );
            e.found = "a determiner after a possessive".into();
            e.expected = vec!["a noun after `'s`, as in `a Rival's deck`".into()];
            self.errors.push(e);
        }
        outer.possessor = Some(Box::new(owner));
        outer.partitive = partitive;
        Ok(outer)
    }

    fn premods(&mut self, p: &P) -> R<Vec<Spanned<Premod>>> {
        kids(p)
            .iter()
            .map(|m| {
                let mut words = Vec::new();
                let mut serial_comma = false;
                let ks = kids(m);
                for (i, a) in ks.iter().enumerate() {
                    if i > 0 {
                        let gap = self.between(&ks[i - 1], a);
                        if gap.contains(',') && gap.contains("or") {
                            serial_comma = true;
                        }
                    }
                    let w = self.premod_word(a);
                    words.push(self.sp(a, w));
                }
                Ok(self.sp(
                    m,
                    Premod {
                        words,
                        commas: m.as_str().contains(','),
                        serial_comma,
                    },
                ))
            })
            .collect()
    }

    fn premod_word(&mut self, a: &P) -> PremodWord {
        let t = a.as_str();
        if let Some(rest) = t.strip_prefix("top").or_else(|| t.strip_prefix("Top")) {
            let rest = rest.trim();
            return PremodWord::Top(if rest.is_empty() {
                None
            } else {
                Some(self.digits_in(a))
            });
        }
        premod_word(t).unwrap_or_else(|| PremodWord::Tag(t.to_string()))
    }

    fn nouns(&mut self, p: &P) -> R<Vec<HeadAlt>> {
        let mut out = Vec::new();
        let mut conj = None;
        let mut premods = Vec::new();
        for k in kids(p) {
            match k.as_rule() {
                Rule::conj => conj = Some(conj_of(k.as_str())),
                Rule::premods => premods = self.premods(&k)?,
                Rule::noun => {
                    let head = self.noun(&k)?;
                    out.push(HeadAlt {
                        conj: conj.take(),
                        premods: std::mem::take(&mut premods),
                        head,
                    });
                }
                _ => return Err(self.bug(&k, "a part of nouns")),
            }
        }
        Ok(out)
    }

    fn noun(&mut self, p: &P) -> R<Spanned<Head>> {
        let c = self.nth(p, 0)?;
        let head = match c.as_rule() {
            Rule::cred => Head {
                noun: Noun::Cred,
                plural: false,
                comparison: None,
                reminder: kids(&c).first().map(|r| self.reminder(r)),
            },
            Rule::noun_word => {
                let (noun, plural) = noun_of(c.as_str()).ok_or_else(|| self.bug(&c, "a noun"))?;
                if matches!(noun, Noun::Die(_)) {
                    self.digits_in(&c);
                }
                let comparison = match kids(p).get(1) {
                    Some(cmp) => Some(Box::new(self.comparison(cmp)?)),
                    None => None,
                };
                Head {
                    noun,
                    plural,
                    comparison,
                    reminder: None,
                }
            }
            _ => return Err(self.bug(&c, "a noun")),
        };
        Ok(self.sp(p, head))
    }

    fn zones(&mut self, p: &P) -> R<Vec<HeadAlt>> {
        let mut out = Vec::new();
        let mut conj = None;
        for k in kids(p) {
            match k.as_rule() {
                Rule::conj => conj = Some(conj_of(k.as_str())),
                Rule::zone => {
                    let (noun, plural) =
                        noun_of(k.as_str()).ok_or_else(|| self.bug(&k, "a zone"))?;
                    out.push(HeadAlt {
                        conj: conj.take(),
                        premods: Vec::new(),
                        head: self.sp(
                            &k,
                            Head {
                                noun,
                                plural,
                                comparison: None,
                                reminder: None,
                            },
                        ),
                    });
                }
                _ => return Err(self.bug(&k, "a part of zones")),
            }
        }
        Ok(out)
    }

    fn postmod(&mut self, p: &P) -> R<Spanned<Postmod>> {
        let c = self.nth(p, 0)?;
        let node = match c.as_rule() {
            Rule::filter => {
                let k = self.nth(&c, 0)?;
                if k.as_rule() == Rule::keyword {
                    Postmod::WithKeywords(vec![keyword_of(k.as_str())])
                } else {
                    Postmod::With(self.np_from_phrase(&k)?)
                }
            }
            Rule::from => {
                let ks = kids(&c);
                let among = ks.iter().any(|k| k.as_rule() == Rule::among);
                let np = ks.last().ok_or_else(|| self.bug(&c, "a noun phrase"))?;
                Postmod::From {
                    among,
                    what: self.np(np)?,
                }
            }
            Rule::in_zone => Postmod::In(self.np(&self.nth(&c, 0)?)?),
            Rule::than_np => Postmod::Compared {
                word: than_word_of(self.nth(&c, 0)?.as_str()),
                than: self.np(&self.nth(&c, 1)?)?,
            },
            Rule::np_prep => {
                let link = self.nth(&c, 0)?;
                let np = self.np(&self.nth(&c, 1)?)?;
                match link.as_str() {
                    "of" => Postmod::Of(np),
                    "as" => Postmod::As(np),
                    "than" => Postmod::Than(np),
                    _ => Postmod::NotSharedBy(np),
                }
            }
            Rule::named => Postmod::Named(self.nth(&c, 0)?.as_str().trim_matches('"').to_string()),
            Rule::relative => {
                let mut modal = None;
                let mut vp = None;
                for k in kids(&c) {
                    match k.as_rule() {
                        Rule::modal => modal = Some(modal_of(k.as_str())),
                        Rule::vp => {
                            let place = if modal.is_some() {
                                Place::Base
                            } else {
                                Place::Finite
                            };
                            vp = Some(self.vp(&k, place)?)
                        }
                        _ => return Err(self.bug(&k, "a part of `that …`")),
                    }
                }
                Postmod::That {
                    modal,
                    vp: Box::new(vp.ok_or_else(|| self.bug(&c, "a verb phrase"))?),
                }
            }
            Rule::at_value => Postmod::AtValue {
                max: c.as_str().contains("max"),
            },
            _ => return Err(self.bug(&c, "a post-modifier")),
        };
        Ok(self.sp(p, node))
    }

    // ---- numbers

    fn amount(&mut self, p: &P) -> R<Number> {
        let c = self.nth(p, 0)?;
        Ok(match c.as_rule() {
            Rule::number => {
                if c.as_str().ends_with('+') {
                    let mut e = ParseError::new(ParseErrorKind::Misplaced, self.span(&c));
                    e.found = format!("`{}`", c.as_str());
                    e.expected = vec!["a number without `+`".into()];
                    self.errors.push(e);
                }
                Number::Lit(self.digits_in(&c))
            }
            _ => Number::Np(Box::new(self.np_from_phrase(&c)?)),
        })
    }

    fn comparison(&mut self, p: &P) -> R<Spanned<Comparison>> {
        let ks = kids(p);
        let text = p.as_str();
        let node = match ks.as_slice() {
            [a] if a.as_rule() == Rule::number && a.as_str().ends_with('+') => {
                Comparison::Plus(self.digits_in(a))
            }
            [a] if a.as_rule() == Rule::parity_number => Comparison::Parity {
                even: a.as_str().to_ascii_lowercase().contains("even"),
            },
            [n] if n.as_rule() == Rule::number => Comparison::Is(self.digits_in(n)),
            [n, o] if n.as_rule() == Rule::number => {
                let v = self.digits_in(n);
                match o.as_str() {
                    s if s.ends_with("less") => Comparison::OrLess(v),
                    s if s.ends_with("more") => Comparison::OrMore(v),
                    _ => Comparison::OrFewer(v),
                }
            }
            [w, a] if w.as_rule() == Rule::than_word => Comparison::Than {
                word: than_word_of(w.as_str()),
                than: self.amount(a)?,
            },
            [o, a] if o.as_rule() == Rule::or_less_than => Comparison::EqualTo {
                or: Some(if o.as_str().contains("less") {
                    LessMore::Less
                } else {
                    LessMore::More
                }),
                to: self.amount(a)?,
            },
            [a] if a.as_rule() == Rule::amount && text.starts_with("equal") => {
                Comparison::EqualTo {
                    or: None,
                    to: self.amount(a)?,
                }
            }
            _ => return Err(self.bug(p, "a comparison")),
        };
        Ok(self.sp(p, node))
    }

    // ---- events and conditions

    fn event(&mut self, p: &P) -> R<Spanned<EventPhrase>> {
        let mut subject = None;
        let mut would = false;
        let mut vp = None;
        for k in kids(p) {
            match k.as_rule() {
                Rule::subject_np => subject = Some(self.np(&k)?),
                Rule::modal => {
                    if modal_of(k.as_str()) == Modal::Would {
                        would = true;
                    } else {
                        let mut e = ParseError::new(ParseErrorKind::Misplaced, self.span(&k));
                        e.found = format!("`{}`", k.as_str());
                        e.expected = vec![
                            "an event such as `a Unit attacks` or `a Unit would be defeated`"
                                .into(),
                        ];
                        self.errors.push(e);
                    }
                }
                Rule::vp => {
                    let place = if would { Place::Base } else { Place::Finite };
                    vp = Some(self.vp(&k, place)?)
                }
                _ => return Err(self.bug(&k, "a part of an event")),
            }
        }
        let node = EventPhrase {
            subject: subject.ok_or_else(|| self.bug(p, "a subject"))?,
            would,
            vp: vp.ok_or_else(|| self.bug(p, "a verb phrase"))?,
            binds: None,
        };
        Ok(self.sp(p, node))
    }

    fn condition(&mut self, p: &P) -> R<Spanned<Condition>> {
        let items = kids(p);
        let mut conds = Vec::new();
        let mut joins = Vec::new();
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                joins.push(self.between(&items[i - 1], item).trim().to_string());
            }
            conds.push(self.cond_item(item)?);
        }
        if conds.len() == 1 {
            return conds.pop().ok_or_else(|| self.bug(p, "a condition"));
        }
        let all_and = joins.iter().all(|j| j == "and");
        let all_or = joins.iter().all(|j| j == "or");
        let node = if all_and {
            Condition::All(conds)
        } else {
            if !all_or {
                let mut e = ParseError::new(ParseErrorKind::Misplaced, self.span(p));
                e.found = "`and` and `or` in one condition".into();
                e.expected = vec!["conditions joined by `and` only, or by `or` only".into()];
                self.errors.push(e);
            }
            Condition::Any(conds)
        };
        Ok(self.sp(p, node))
    }

    fn cond_item(&mut self, p: &P) -> R<Spanned<Condition>> {
        let ks = kids(p);
        if ks.first().is_some_and(|k| k.as_rule() == Rule::you_do) {
            return Ok(self.sp(
                p,
                Condition::YouDo {
                    depends_on: SentenceId(0),
                },
            ));
        }
        let mut clause = Clause {
            subject: None,
            subject_duration: None,
            modal: None,
            also: false,
            instead: None,
            steps: Vec::new(),
            condition: None,
        };
        for k in ks {
            match k.as_rule() {
                Rule::subject => {
                    for s in kids(&k) {
                        match s.as_rule() {
                            Rule::subject_np => clause.subject = Some(self.np(&s)?),
                            Rule::duration => clause.subject_duration = Some(self.duration(&s)?),
                            _ => return Err(self.bug(&s, "a subject")),
                        }
                    }
                }
                Rule::modal => clause.modal = Some(self.sp(&k, modal_of(k.as_str()))),
                Rule::steps => {
                    let place = if clause.modal.is_some() {
                        Place::Base
                    } else {
                        Place::Finite
                    };
                    clause.steps = self.steps(&k, place)?;
                }
                _ => return Err(self.bug(&k, "a part of a condition")),
            }
        }
        Ok(self.sp(p, Condition::Holds(Box::new(clause))))
    }

    // ---- durations

    fn duration(&mut self, p: &P) -> R<Spanned<DurationPhrase>> {
        let ks = kids(p);
        let lead = p.as_str().to_ascii_lowercase();
        let node = match ks.as_slice() {
            [t] if t.as_rule() == Rule::this_turn => match &lead[..4] {
                "this" => DurationPhrase::ThisTurn,
                "next" => DurationPhrase::NextTurn,
                _ => DurationPhrase::EachTurn,
            },
            [w, d] if w.as_rule() == Rule::while_when => DurationPhrase::While {
                when: w.as_str().eq_ignore_ascii_case("when"),
                doing: Box::new(self.doing(d)?),
            },
            [pr, _copula, _verb] if pr.as_rule() == Rule::pronoun => DurationPhrase::TurnPlayed {
                pronoun: pronoun_of(&pr.as_str().to_ascii_lowercase())
                    .ok_or_else(|| self.bug(pr, "a pronoun"))?,
                refers_to: Ref::This,
            },
            [t] if lead.starts_with("until") => match t.as_rule() {
                Rule::turn_point => DurationPhrase::Until(Until::Point(self.turn_point(t)?.node)),
                _ => DurationPhrase::Until(Until::Turn(self.turn(t)?)),
            },
            [t] if lead.starts_with("at") => DurationPhrase::At(self.turn_point(t)?.node),
            [t] if lead.starts_with("during") => DurationPhrase::During(self.turn(t)?),
            _ => return Err(self.bug(p, "a duration")),
        };
        Ok(self.sp(p, node))
    }

    fn turn_point(&mut self, p: &P) -> R<Spanned<TurnPoint>> {
        let se = self.nth(p, 0)?;
        let turn = self.turn(&self.nth(p, 1)?)?;
        Ok(self.sp(
            p,
            TurnPoint {
                start: se.as_str() == "start",
                turn,
            },
        ))
    }

    fn turn(&mut self, p: &P) -> R<Turn> {
        let mut turn = Turn {
            det: None,
            owner: None,
            next: false,
        };
        for k in kids(p) {
            match k.as_rule() {
                Rule::det => {
                    turn.det = match det_of(k.as_str()) {
                        Some(Word::Det(d)) => Some(d),
                        Some(Word::Possessive(Pronoun::You)) => Some(Det::Your),
                        Some(Word::Possessive(Pronoun::It)) => Some(Det::Its),
                        Some(Word::Possessive(_)) => Some(Det::Their),
                        _ => return Err(self.bug(&k, "a determiner of a turn")),
                    }
                }
                Rule::noun_word => {
                    turn.owner = noun_of(k.as_str()).map(|(n, _)| n);
                }
                Rule::next => turn.next = true,
                Rule::turn_word => {}
                _ => return Err(self.bug(&k, "a part of a turn")),
            }
        }
        Ok(turn)
    }
}

// ---- words ----------------------------------------------------------------------------------------

/// What a determiner word is.
enum Word {
    Det(Det),
    Partitive(Partitive),
    Possessive(Pronoun),
}

fn det_of(text: &str) -> Option<Word> {
    let t = text.to_ascii_lowercase();
    // a number too large is reported where the determiner is read (`Builder::digits_in`)
    let num = |s: &str| {
        let n = s.trim().trim_end_matches('+').parse::<u64>().ok()?;
        Some(n.min(u64::from(MAX_NUMBER)) as u32)
    };
    Some(match t.as_str() {
        "one of" => Word::Partitive(Partitive::One),
        "each of" => Word::Partitive(Partitive::Each),
        "any of" => Word::Partitive(Partitive::Any),
        "all of" => Word::Partitive(Partitive::All),
        "a" | "an" => Word::Det(Det::A),
        "another" => Word::Det(Det::Another),
        "all" => Word::Det(Det::All),
        "any" => Word::Det(Det::Any),
        "any number of" => Word::Det(Det::AnyNumberOf),
        "each" => Word::Det(Det::Each),
        "every" => Word::Det(Det::Every),
        "no" => Word::Det(Det::No),
        "this" => Word::Det(Det::This),
        "that" => Word::Det(Det::That),
        "these" => Word::Det(Det::These),
        "those" => Word::Det(Det::Those),
        "the" => Word::Det(Det::The),
        "one" => Word::Det(Det::One),
        "one or more" => Word::Det(Det::OneOrMore),
        "more" => Word::Det(Det::More),
        "fewer" => Word::Det(Det::Fewer),
        "less" => Word::Det(Det::Less),
        "its" => Word::Possessive(Pronoun::It),
        "their" => Word::Possessive(Pronoun::They),
        "your" => Word::Possessive(Pronoun::You),
        _ => {
            let d = if let Some(r) = t.strip_prefix("up to ") {
                Det::UpTo(num(r)?)
            } else if let Some(r) = t.strip_prefix("at least ") {
                match r.split_once(' ') {
                    Some((n, "more")) => Det::AtLeastMore(num(n)?),
                    Some((n, _)) => Det::AtLeastFewer(num(n)?),
                    None => Det::AtLeast(num(r)?),
                }
            } else if let Some(r) = t.strip_prefix("less than ") {
                Det::LessThan(num(r)?)
            } else if t.ends_with('+') {
                Det::Plus(num(&t)?)
            } else if let Some((n, rest)) = t.split_once(' ') {
                let n = num(n)?;
                match rest {
                    "or more" => Det::OrMore(n),
                    "or less" => Det::OrLess(n),
                    "or fewer" => Det::OrFewer(n),
                    "more" => Det::NMore(n),
                    "fewer" => Det::NFewer(n),
                    "less" => Det::NLess(n),
                    _ => return None,
                }
            } else {
                Det::Number(num(&t)?)
            };
            Word::Det(d)
        }
    })
}

/// The number a determiner or a premodifier carries, checked by the builder when it is read.
pub(super) fn premod_word(text: &str) -> Option<PremodWord> {
    use PremodWord::*;
    // a word in capitals is a tag (rule 3.13), even one that spells a word of state: `SPENT`
    if is_tag(text) {
        return Some(Tag(text.to_string()));
    }
    let lower = text.to_ascii_lowercase();
    Some(match lower.as_str() {
        "other" => Other,
        "first" => First,
        "next" => Next,
        "last" => Last,
        "opposing" => Opposing,
        "discarded" => Discarded,
        "chosen" => Chosen,
        "attacking" => Attacking,
        "blocking" => Blocking,
        "defending" => Defending,
        "stolen" => Stolen,
        "different" => Different,
        "same" => Same,
        "total" => Total,
        "random" => Random,
        "highest" => Highest,
        "lowest" => Lowest,
        "highest-power" => HighestPower,
        "lowest-power" => LowestPower,
        "higher" => Higher,
        "lower" => Lower,
        "spent" => Spent,
        "ready" => Ready,
        "friendly" => Friendly,
        "rival" => Rival,
        "equipped" => Equipped,
        "unequipped" => Unequipped,
        "face-up" => FaceUp,
        "face-down" => FaceDown,
        "empty" => Empty,
        "min" => Min,
        "max" => Max,
        "even" => Even,
        "odd" => Odd,
        _ => match text {
            "Red" => Colour(Color::Red),
            "Green" => Colour(Color::Green),
            "Blue" => Colour(Color::Blue),
            "Yellow" => Colour(Color::Yellow),
            "Unit" => CardType(CardTypeWord::Unit),
            "Legend" => CardType(CardTypeWord::Legend),
            "Gear" => CardType(CardTypeWord::Gear),
            "Program" => CardType(CardTypeWord::Program),
            _ => return None,
        },
    })
}

/// A word in capitals, as the grammar reads a tag: `ARASAKA`, `4TH`, `TYGER'S`.
fn is_tag(t: &str) -> bool {
    t.len() > 1
        && t.chars().any(|c| c.is_ascii_uppercase())
        && t.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '\'')
}

fn noun_of(text: &str) -> Option<(Noun, bool)> {
    if text.starts_with('"') {
        return Some((Noun::Named(text.trim_matches('"').to_string()), false));
    }
    let singular = |s: &str| -> Option<Noun> {
        Some(match s {
            "Unit" => Noun::Unit,
            "Legend" => Noun::Legend,
            "Gear" => Noun::Gear,
            "Program" => Noun::Program,
            "card" => Noun::Card,
            "card type" => Noun::CardType,
            "type" => Noun::Type,
            "Eddie" => Noun::Eddie,
            "Rival" => Noun::Rival,
            "player" => Noun::Player,
            "owner" => Noun::Owner,
            "controller" => Noun::Controller,
            "Gig" => Noun::Gig,
            "value-pair" => Noun::ValuePair,
            "sided-pair" => Noun::SidedPair,
            "effect" => Noun::Effect,
            "fight" => Noun::Fight,
            "attack" => Noun::Attack,
            "result" => Noun::Result,
            "order" => Noun::Order,
            "side" => Noun::Side,
            "hand" => Noun::Hand,
            "deck" => Noun::Deck,
            "trash" => Noun::Trash,
            "fixer area" => Noun::FixerArea,
            "Legends area" => Noun::LegendsArea,
            "Gig area" => Noun::GigArea,
            "field" => Noun::Field,
            "game" => Noun::Game,
            "power" => Noun::Power,
            "cost" => Noun::Cost,
            "value" => Noun::Value,
            "Gig value" => Noun::GigValue,
            "number" => Noun::Number,
            d if d.starts_with('d')
                && d.len() > 1
                && d[1..].chars().all(|c| c.is_ascii_digit()) =>
            {
                // a number too large is reported where the noun is read
                let sides = d[1..].parse::<u64>().ok()?;
                Noun::Die(sides.min(u64::from(MAX_NUMBER)) as u32)
            }
            _ => return None,
        })
    };
    let read = |text: &str| {
        if let Some(n) = singular(text) {
            // `Gear` is its own plural
            return Some((n, false));
        }
        let base = text.strip_suffix('s')?;
        singular(base).map(|n| (n, true))
    };
    // a word written in lower case opens a sentence with a capital: `Power 5 …`, `Hand …`
    read(text).or_else(|| {
        let mut c = text.chars();
        let first = c.next()?.to_ascii_lowercase();
        read(&std::iter::once(first).chain(c).collect::<String>())
            .filter(|(n, _)| !matches!(n, Noun::Die(_)))
    })
}

fn keyword_of(s: &str) -> Keyword {
    match s {
        "{Blocker}" => Keyword::Blocker,
        "{Quick}" => Keyword::Quick,
        "{Go Solo}" => Keyword::GoSolo,
        _ => Keyword::Adrenaline,
    }
}

fn label_of(s: &str) -> Label {
    match s {
        "{Play}" => Label::Play,
        "{Attack}" => Label::Attack,
        "{Defeated}" => Label::Defeated,
        "{Call}" => Label::Call,
        _ => Label::Flip,
    }
}

fn modal_of(s: &str) -> Modal {
    match s.to_ascii_lowercase().as_str() {
        "can't" => Modal::Cant,
        "can only" => Modal::CanOnly,
        "can" => Modal::Can,
        "must" => Modal::Must,
        "may" => Modal::May,
        "would" => Modal::Would,
        "doesn't" => Modal::Doesnt,
        "don't" => Modal::Dont,
        _ => Modal::Didnt,
    }
}

fn copula_of(s: &str) -> Copula {
    match s.to_ascii_lowercase().as_str() {
        "is" => Copula::Is,
        "are" => Copula::Are,
        "be" => Copula::Be,
        "was" => Copula::Was,
        "were" => Copula::Were,
        "isn't" => Copula::IsNot,
        "aren't" => Copula::AreNot,
        "wasn't" => Copula::WasNot,
        "'s" => Copula::Contracted,
        "'re" => Copula::ContractedPlural,
        "becomes" => Copula::Becomes,
        "become" => Copula::Become,
        _ => Copula::Became,
    }
}

fn pronoun_of(s: &str) -> Option<Pronoun> {
    Some(match s {
        "it" => Pronoun::It,
        "them" => Pronoun::Them,
        "they" => Pronoun::They,
        "you" => Pronoun::You,
        "both" => Pronoun::Both,
        _ => return None,
    })
}

fn conj_of(s: &str) -> Conj {
    match s {
        "and/or" => Conj::AndOr,
        "and" => Conj::And,
        _ => Conj::Or,
    }
}

fn than_word_of(s: &str) -> ThanWord {
    match s {
        "less" => ThanWord::Less,
        "more" => ThanWord::More,
        "higher" => ThanWord::Higher,
        "greater" => ThanWord::Greater,
        "lower" => ThanWord::Lower,
        _ => ThanWord::Fewer,
    }
}

/// `each friendly Gig`, `each of a Rival's Units`: the noun phrase of `for each …`.
fn is_each(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(ph) => {
            matches!(ph.det.as_ref().map(|d| d.node), Some(Det::Each))
                || matches!(ph.partitive.as_ref().map(|p| p.node), Some(Partitive::Each))
        }
        _ => false,
    }
}

/// Whether a noun phrase stands for a number: its noun is a number's (`the value of …`,
/// `this Unit's power`, `your ☆`).
pub(super) fn is_number(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(ph) => ph
            .heads
            .first()
            .is_some_and(|h| h.head.node.noun.is_number()),
        _ => false,
    }
}
