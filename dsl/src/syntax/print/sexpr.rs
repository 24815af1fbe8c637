//! A compact s-expression of the syntax tree, for snapshots and for comparing two readings: a
//! `Display` per node, complete except for spans. A noun phrase that introduces a referent is
//! written `b1=(…)`; a reference `->b1` (`->this`, `->host`, `->you`, `->modes`); a sentence a
//! reference depends on `->s1` (counted from 1).
//!
//! `(plain (sentence (clause (vp defeat/base (np b1=(np a (rival) Unit)))))`

use super::text::{copula_word, keyword_word, label_word, modal_word, noun_word};
use crate::syntax::tree::*;
use std::fmt::{self, Display, Formatter, Write as _};

/// The s-expression of a script: one ability a line, then the bindings.
pub fn sexpr(script: &Script) -> String {
    let mut out = String::new();
    for a in &script.abilities {
        let _ = writeln!(out, "{}", a.node);
    }
    for b in &script.bindings {
        let _ = writeln!(
            out,
            "b{} = {} ({:?}{})",
            b.id.0,
            b.describes,
            b.kind,
            if b.plural { ", plural" } else { "" }
        );
    }
    out
}

struct List<'a, T>(&'a [T], &'static str);

impl<T: Display> Display for List<'_, T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(self.1)?;
            }
            write!(f, "{x}")?;
        }
        Ok(())
    }
}

impl<T: Display> Display for Spanned<T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.node.fmt(f)
    }
}

impl Display for Ref {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Ref::This => f.write_str("->this"),
            Ref::Host => f.write_str("->host"),
            Ref::You => f.write_str("->you"),
            Ref::Modes => f.write_str("->modes"),
            Ref::Binding(b) => write!(f, "->b{}", b.0),
        }
    }
}

impl Display for SentenceId {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "->s{}", self.0 + 1)
    }
}

impl Display for Reminder {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "(reminder {:?})", self.text)
    }
}

impl Display for Ability {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Ability::Keyword { keyword, reminder } => {
                write!(f, "(keyword {}", keyword_word(keyword.node))?;
                if let Some(r) = reminder {
                    write!(f, " {r}")?;
                }
                f.write_str(")")
            }
            Ability::Reminder(rs) => write!(f, "(reminders {})", List(rs, " ")),
            Ability::Flavour(t) => write!(f, "(flavour {:?})", t.node),
            Ability::Triggered { trigger, effect } => write!(f, "(triggered {trigger} {effect})"),
            Ability::Activated {
                quick,
                window,
                costs,
                effect,
            } => {
                f.write_str("(activated")?;
                if *quick {
                    f.write_str(" quick")?;
                }
                if let Some(w) = window {
                    write!(f, " (window {w})")?;
                }
                write!(f, " (costs {}) {effect})", List(costs, " "))
            }
            Ability::Plain { quick, effect } => {
                f.write_str("(plain")?;
                if *quick {
                    f.write_str(" quick")?;
                }
                write!(f, " {effect})")
            }
        }
    }
}

impl Display for Cost {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Cost::Spend => f.write_str("{Spend}"),
            Cost::Eddies(n) => write!(f, "{n}€$"),
        }
    }
}

impl Display for TriggerPhrase {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            TriggerPhrase::Labels(ls) => {
                f.write_str("(labels")?;
                for l in ls {
                    write!(f, " {}", label_word(l.node))?;
                }
                f.write_str(")")
            }
            TriggerPhrase::When { ever, event } => {
                write!(f, "({} {event})", if *ever { "whenever" } else { "when" })
            }
            TriggerPhrase::FirstTime(e) => write!(f, "(first-time-each-turn {e})"),
            TriggerPhrase::At(p) => write!(f, "(at {p})"),
        }
    }
}

impl Display for Effect {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Sentences(ss) => write!(f, "{}", List(ss, " ")),
            Effect::Modal { lead, modes } => {
                write!(f, "(modal (lead {})", List(lead, " "))?;
                for m in modes {
                    write!(f, " (mode {})", List(m, " "))?;
                }
                f.write_str(")")
            }
        }
    }
}

impl Display for Sentence {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("(sentence")?;
        for l in &self.leads {
            write!(f, " {l}")?;
        }
        write!(f, " {}", self.clause)?;
        for r in &self.reminders {
            write!(f, " {r}")?;
        }
        f.write_str(")")
    }
}

impl Display for Lead {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Lead::Then { comma: true } => f.write_str("(then)"),
            Lead::Then { comma: false } => f.write_str("(then-without-comma)"),
            Lead::If(c) => write!(f, "(if {c})"),
            Lead::Otherwise { depends_on } => write!(f, "(otherwise {depends_on})"),
            Lead::During(d) => write!(f, "(lead {d})"),
            Lead::NextTime { event, duration } => {
                write!(f, "(next-time {event}")?;
                if let Some(d) = duration {
                    write!(f, " {d}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl Display for Clause {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("(clause")?;
        if let Some(s) = &self.subject {
            write!(f, " (subject {s})")?;
        }
        if let Some(d) = &self.subject_duration {
            write!(f, " (subject-during {d})")?;
        }
        if let Some(m) = &self.modal {
            write!(f, " ({})", modal_word(m.node))?;
        }
        if self.also {
            f.write_str(" also")?;
        }
        if let Some(i) = self.instead.filter(|i| i.before_verb) {
            write!(f, " (instead-before {})", i.replaces)?;
        }
        for s in &self.steps {
            f.write_str(" ")?;
            match s.link {
                Some(Link::And) => f.write_str("and ")?,
                Some(Link::Then) => f.write_str("then ")?,
                Some(Link::Or) => f.write_str("or ")?,
                None => {}
            }
            if let Some(m) = &s.modal {
                write!(f, "({}) ", modal_word(m.node))?;
            }
            write!(f, "{}", s.vp)?;
        }
        if let Some(i) = self.instead.filter(|i| !i.before_verb) {
            write!(f, " (instead {})", i.replaces)?;
        }
        if let Some(t) = &self.condition {
            match &t.node {
                Trailing::If(c) => write!(f, " (if {c})")?,
                Trailing::Unless(c) => write!(f, " (unless {c})")?,
                Trailing::IfItCan { refers_to } => write!(f, " (if-it-can {refers_to})")?,
            }
        }
        f.write_str(")")
    }
}

impl Display for VerbPhrase {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("(vp")?;
        if let Some(c) = &self.copula {
            write!(f, " {}", copula_word(c.node))?;
        }
        if !self.verbs.is_empty() {
            let verbs: Vec<&str> = self.verbs.iter().map(|v| v.node.word(Form::Base)).collect();
            write!(f, " {}/{:?}", verbs.join("|"), self.form)?;
        }
        for o in &self.objects {
            write!(f, " {o}")?;
        }
        for a in &self.adjuncts {
            write!(f, " {a}")?;
        }
        f.write_str(")")
    }
}

impl Display for Object {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Object::Np(n) => n.fmt(f),
            Object::Grants(gs) => {
                f.write_str("(grants")?;
                for g in gs {
                    match g.node {
                        Grant::Power(n) => write!(f, " {n:+}power")?,
                        Grant::Keyword(k) => write!(f, " {}", keyword_word(k))?,
                    }
                }
                f.write_str(")")
            }
            Object::Eddies(e) => e.fmt(f),
            Object::Comparison(c) => c.fmt(f),
            Object::Whether(c) => write!(f, "(whether {c})"),
            Object::States(s) => write!(
                f,
                "(states{} {})",
                if s.article { " a" } else { "" },
                s.words
            ),
            Object::Postmod(p) => p.fmt(f),
        }
    }
}

impl Display for Eddies {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.signed {
            write!(f, "({:+}€$)", self.amount)
        } else {
            write!(f, "({}€$)", self.amount)
        }
    }
}

impl Display for Adjunct {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Adjunct::Duration(d) => d.fmt(f),
            Adjunct::ForFree => f.write_str("(for-free)"),
            Adjunct::ForEddies(e) => write!(f, "(for {e})"),
            Adjunct::ForEach(n) => write!(f, "(for-each {n})"),
            Adjunct::For(n) => write!(f, "(for {n})"),
            Adjunct::To(n) => write!(f, "(to {n})"),
            Adjunct::ToNumber(n) => write!(f, "(to-number {n})"),
            Adjunct::Purpose(v) => write!(f, "(purpose {v})"),
            Adjunct::By(by) => {
                f.write_str("(by")?;
                if by.up_to {
                    f.write_str(" up-to")?;
                }
                match &by.amount {
                    ByAmount::Number(n) => write!(f, " {n})"),
                    ByAmount::Signed { n, either: true } => write!(f, " ±{})", n.unsigned_abs()),
                    ByAmount::Signed { n, either: false } => write!(f, " {n:+})"),
                    ByAmount::AtLeast(n) => write!(f, " {n}+)"),
                }
            }
            Adjunct::ByDoing(vs) => write!(f, "(by-doing {})", List(vs, " ")),
            Adjunct::With(n) => write!(f, "(with {n})"),
            Adjunct::Against(n) => write!(f, "(against {n})"),
            Adjunct::In(n) => write!(f, "(in {n})"),
            Adjunct::On(n) => write!(f, "(on {n})"),
            Adjunct::From(n) => write!(f, "(from {n})"),
            Adjunct::Minimum(e) => write!(f, "(minimum {e})"),
            Adjunct::Once => f.write_str("(once)"),
            Adjunct::Only => f.write_str("(only)"),
            Adjunct::Each => f.write_str("(each)"),
            Adjunct::After(e) => write!(f, "(after {e})"),
            Adjunct::When(e) => write!(f, "(when {e})"),
            Adjunct::Without(v) => write!(f, "(without {v})"),
        }
    }
}

impl Display for NounPhrase {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if let Some(b) = self.binds {
            write!(f, "b{}=", b.0)?;
        }
        match &self.node {
            Np::Pronoun { word, refers_to } => write!(f, "({:?} {refers_to})", word)?,
            Np::Rest { of } => write!(f, "(rest {of})")?,
            Np::Count {
                count,
                postmods,
                elided,
            } => {
                f.write_str("(count")?;
                if count.up_to {
                    f.write_str(" up-to")?;
                }
                write!(f, " {}", count.n)?;
                if let Some(m) = count.more {
                    write!(f, " {m:?}")?;
                }
                for p in postmods {
                    write!(f, " {p}")?;
                }
                if let Some(r) = elided {
                    write!(f, " {r}")?;
                }
                f.write_str(")")?;
            }
            Np::Phrase(ph) => ph.fmt(f)?,
            Np::And(items) => write!(f, "(and {})", List(items, " "))?,
        }
        if let Some(r) = &self.reminder {
            write!(f, " {r}")?;
        }
        Ok(())
    }
}

impl Display for Phrase {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("(np")?;
        if let Some(p) = &self.partitive {
            write!(f, " {:?}-of", p.node)?;
        }
        if let Some(d) = &self.det {
            write!(f, " {:?}", d.node)?;
        }
        if let Some(p) = &self.possessor {
            write!(f, " (poss {p})")?;
        }
        if let Some(r) = &self.refers_to {
            write!(f, " {r}")?;
        }
        if let Some(r) = &self.among {
            write!(f, " (among {r})")?;
        }
        for p in &self.premods {
            write!(f, " [{}]", p.node)?;
        }
        for h in &self.heads {
            match h.conj {
                Some(Conj::And) => f.write_str(" and")?,
                Some(Conj::Or) => f.write_str(" or")?,
                Some(Conj::AndOr) => f.write_str(" and/or")?,
                None => {}
            }
            for p in &h.premods {
                write!(f, " [{}]", p.node)?;
            }
            write!(f, " {}", h.head)?;
        }
        for p in &self.postmods {
            write!(f, " {p}")?;
        }
        f.write_str(")")
    }
}

impl Display for Premod {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let sep = if self.commas { ", " } else { " or " };
        for (i, w) in self.words.iter().enumerate() {
            if i > 0 {
                f.write_str(sep)?;
            }
            write!(f, "{:?}", w.node)?;
        }
        if self.serial_comma {
            f.write_str(" (serial comma)")?;
        }
        Ok(())
    }
}

impl Display for Head {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(&noun_word(&self.noun, self.plural))?;
        if let Some(r) = &self.reminder {
            write!(f, " {r}")?;
        }
        if let Some(c) = &self.comparison {
            write!(f, " {c}")?;
        }
        Ok(())
    }
}

impl Display for Postmod {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Postmod::With(n) => write!(f, "(with {n})"),
            Postmod::WithKeywords(ks) => {
                f.write_str("(with")?;
                for k in ks {
                    write!(f, " {}", keyword_word(*k))?;
                }
                f.write_str(")")
            }
            Postmod::From { among, what } => {
                write!(f, "(from{} {what})", if *among { " among" } else { "" })
            }
            Postmod::In(n) => write!(f, "(in {n})"),
            Postmod::Of(n) => write!(f, "(of {n})"),
            Postmod::As(n) => write!(f, "(as {n})"),
            Postmod::Than(n) => write!(f, "(than {n})"),
            Postmod::Compared { word, than } => write!(f, "({word:?}-than {than})"),
            Postmod::NotSharedBy(n) => write!(f, "(not-shared-by {n})"),
            Postmod::Named(name) => write!(f, "(named {name:?})"),
            Postmod::That { modal, vp } => match modal {
                Some(m) => write!(f, "(that ({}) {vp})", modal_word(*m)),
                None => write!(f, "(that {vp})"),
            },
            Postmod::AtValue { max } => {
                write!(f, "(at-{}-value)", if *max { "max" } else { "min" })
            }
        }
    }
}

impl Display for Number {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Number::Lit(n) => write!(f, "{n}"),
            Number::Np(n) => n.fmt(f),
        }
    }
}

impl Display for Comparison {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Comparison::Is(n) => write!(f, "(= {n})"),
            Comparison::OrLess(n) => write!(f, "(<= {n})"),
            Comparison::OrMore(n) => write!(f, "(>= {n} or-more)"),
            Comparison::OrFewer(n) => write!(f, "(<= {n} or-fewer)"),
            Comparison::Plus(n) => write!(f, "(>= {n}+)"),
            Comparison::EqualTo { or, to } => match or {
                None => write!(f, "(equal-to {to})"),
                Some(LessMore::Less) => write!(f, "(equal-to-or-less-than {to})"),
                Some(LessMore::More) => write!(f, "(equal-to-or-more-than {to})"),
            },
            Comparison::Than { word, than } => write!(f, "({word:?}-than {than})"),
            Comparison::Parity { even } => f.write_str(if *even {
                "(even-number)"
            } else {
                "(odd-number)"
            }),
        }
    }
}

impl Display for EventPhrase {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "(event {}", self.subject)?;
        if self.would {
            f.write_str(" would")?;
        }
        write!(f, " {}", self.vp)?;
        if let Some(b) = self.binds {
            write!(f, " fight=b{}", b.0)?;
        }
        f.write_str(")")
    }
}

impl Display for Condition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Condition::YouDo { depends_on } => write!(f, "(you-do {depends_on})"),
            Condition::Holds(c) => c.fmt(f),
            Condition::All(cs) => write!(f, "(all {})", List(cs, " ")),
            Condition::Any(cs) => write!(f, "(any {})", List(cs, " ")),
        }
    }
}

impl Display for DurationPhrase {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            DurationPhrase::ThisTurn => f.write_str("(this-turn)"),
            DurationPhrase::NextTurn => f.write_str("(next-turn)"),
            DurationPhrase::EachTurn => f.write_str("(each-turn)"),
            DurationPhrase::Until(Until::Turn(t)) => write!(f, "(until {t})"),
            DurationPhrase::Until(Until::Point(p)) => write!(f, "(until {p})"),
            DurationPhrase::At(p) => write!(f, "(at {p})"),
            DurationPhrase::During(t) => write!(f, "(during {t})"),
            DurationPhrase::While { when, doing } => {
                write!(f, "({} {doing})", if *when { "when" } else { "while" })
            }
            DurationPhrase::TurnPlayed { pronoun, refers_to } => {
                write!(f, "(turn-played {pronoun:?} {refers_to})")
            }
        }
    }
}

impl Display for TurnPoint {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "({} {})",
            if self.start { "start" } else { "end" },
            self.turn
        )
    }
}

impl Display for Turn {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("(turn")?;
        if let Some(d) = self.det {
            write!(f, " {d:?}")?;
        }
        if let Some(o) = &self.owner {
            write!(f, " {}'s", noun_word(o, false))?;
        }
        if self.next {
            f.write_str(" next")?;
        }
        f.write_str(")")
    }
}
