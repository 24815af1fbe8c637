//! The canonical text of a syntax tree: the formatter, and one half of the round-trip check.
//!
//! Words are written in their canonical case (`Unit`, `Rival`, `Call`, `rival`, `friendly`) and
//! the first word of every sentence is capitalised; `a`/`an` is chosen by the next word.

use crate::syntax::tree::*;

/// Canonical text of a script: one ability a line (a modal ability two), each ending in a line break.
pub fn print_script(script: &Script) -> String {
    let mut out = String::new();
    for a in &script.abilities {
        out.push_str(&print_ability(&a.node));
        out.push('\n');
    }
    out
}

/// Canonical text of one ability (a modal ability spans two lines).
pub fn print_ability(a: &Ability) -> String {
    match a {
        Ability::Keyword { keyword, reminder } => {
            let mut s = keyword_word(keyword.node).to_string();
            if let Some(r) = reminder {
                s.push(' ');
                s.push_str(&r.text);
            }
            s
        }
        Ability::Reminder(rs) => rs
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        Ability::Flavour(f) => format!("\"{}\"", f.node),
        Ability::Triggered { trigger, effect } => match &trigger.node {
            TriggerPhrase::Labels(ls) => {
                let labels: Vec<&str> = ls.iter().map(|l| label_word(l.node)).collect();
                format!("{} {}", labels.join(" "), effect_text(effect, true))
            }
            t => format!(
                "{}, {}",
                capitalise(&trigger_text(t)),
                effect_text(effect, false)
            ),
        },
        Ability::Activated {
            quick,
            window,
            costs,
            effect,
        } => {
            let mut s = String::new();
            if *quick {
                s.push_str("{Quick} ");
            }
            if let Some(w) = window {
                s.push_str(&format!("When {}, ", event(&w.node)));
            }
            let costs: Vec<String> = costs
                .iter()
                .map(|c| match c.node {
                    Cost::Spend => "{Spend}".to_string(),
                    Cost::Eddies(n) => format!("{n} €$"),
                })
                .collect();
            s.push_str(&costs.join(", "));
            s.push_str(": ");
            s.push_str(&effect_text(effect, true));
            s
        }
        Ability::Plain { quick, effect } => {
            let body = effect_text(effect, true);
            if *quick {
                format!("{{Quick}} {body}")
            } else {
                body
            }
        }
    }
}

fn trigger_text(t: &TriggerPhrase) -> String {
    match t {
        TriggerPhrase::Labels(_) => String::new(),
        TriggerPhrase::When { ever, event: e } => {
            format!(
                "{} {}",
                if *ever { "whenever" } else { "when" },
                event(&e.node)
            )
        }
        TriggerPhrase::FirstTime(e) => format!("the first time {} each turn", event(&e.node)),
        TriggerPhrase::At(p) => format!("at {}", turn_point(&p.node)),
    }
}

fn effect_text(e: &Effect, cap: bool) -> String {
    match e {
        Effect::Sentences(ss) => sentences(ss, cap),
        Effect::Modal { lead, modes } => {
            let modes: Vec<String> = modes.iter().map(|m| sentences(m, true)).collect();
            format!("{}\n{}", sentences(lead, cap), modes.join(" // "))
        }
    }
}

fn sentences(ss: &[Spanned<Sentence>], cap: bool) -> String {
    ss.iter()
        .enumerate()
        .map(|(i, s)| sentence(&s.node, cap || i > 0))
        .collect::<Vec<_>>()
        .join(" ")
}

fn sentence(s: &Sentence, cap: bool) -> String {
    let mut w = Words::default();
    for l in &s.leads {
        match &l.node {
            Lead::Then { comma } => w.push(if *comma { "then," } else { "then" }),
            Lead::If(c) => {
                w.push("if");
                w.push(&condition(&c.node));
                w.glue(",");
            }
            Lead::Otherwise { .. } => w.push("otherwise,"),
            Lead::During(d) => {
                w.push(&duration(&d.node));
                w.glue(",");
            }
            Lead::NextTime {
                event: e,
                duration: d,
            } => {
                w.push("the next time");
                w.push(&event(&e.node));
                if let Some(d) = d {
                    w.push(&duration(&d.node));
                }
                w.glue(",");
            }
        }
    }
    w.push(&clause(&s.clause.node));
    w.glue(".");
    for r in &s.reminders {
        w.push(&r.text);
    }
    let text = w.0;
    if cap {
        capitalise(&text)
    } else {
        text
    }
}

/// Words joined by spaces, with punctuation glued to the word before it.
#[derive(Default)]
struct Words(String);

impl Words {
    fn push(&mut self, word: &str) {
        if word.is_empty() {
            return;
        }
        if !self.0.is_empty() && !word.starts_with(['\'', ',']) {
            self.0.push(' ');
        }
        self.0.push_str(word);
    }

    fn glue(&mut self, s: &str) {
        self.0.push_str(s);
    }
}

/// The first letter in capitals, except a die's `d` (`D6` would be a tag, rule 3.13).
fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some('d') if c.clone().next().is_some_and(|d| d.is_ascii_digit()) => s.to_string(),
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

// ---- clauses and verb phrases

/// A clause in canonical text, its first word not capitalised.
pub(super) fn clause(c: &Clause) -> String {
    let mut w = Words::default();
    if let Some(s) = &c.subject {
        w.push(&np(s));
    }
    if let Some(d) = &c.subject_duration {
        w.push(&duration(&d.node));
    }
    if let Some(m) = &c.modal {
        w.push(modal_word(m.node));
    }
    if c.also {
        w.push("also");
    }
    if c.instead.is_some_and(|i| i.before_verb) {
        w.push("instead");
    }
    w.push(&steps(&c.steps));
    if c.instead.is_some_and(|i| !i.before_verb) {
        w.push("instead");
    }
    if let Some(t) = &c.condition {
        match &t.node {
            Trailing::If(cond) => {
                w.push("if");
                w.push(&condition(cond));
            }
            Trailing::Unless(cond) => {
                w.push("unless");
                w.push(&condition(cond));
            }
            Trailing::IfItCan { .. } => w.push("if it can"),
        }
    }
    w.0
}

fn steps(steps: &[Step]) -> String {
    let mut w = Words::default();
    for s in steps {
        match s.link {
            Some(Link::Then) => w.push(", then"),
            Some(Link::And) => w.push("and"),
            Some(Link::Or) => w.push("or"),
            None => {}
        }
        if let Some(m) = &s.modal {
            w.push(modal_word(m.node));
        }
        w.push(&vp(&s.vp.node));
    }
    w.0
}

/// A verb phrase in canonical text.
pub(super) fn vp(v: &VerbPhrase) -> String {
    let mut w = Words::default();
    if let Some(c) = &v.copula {
        w.push(copula_word(c.node));
    }
    let verbs: Vec<&str> = v.verbs.iter().map(|x| x.node.word(v.form)).collect();
    w.push(&verbs.join(" or "));
    for o in &v.objects {
        w.push(&object(&o.node));
    }
    for a in &v.adjuncts {
        w.push(&adjunct(&a.node));
    }
    w.0
}

fn object(o: &Object) -> String {
    match o {
        Object::Np(n) => np(n),
        Object::Grants(gs) => gs
            .iter()
            .map(|g| match g.node {
                Grant::Power(n) => format!("{n:+} power"),
                Grant::Keyword(k) => keyword_word(k).to_string(),
            })
            .collect::<Vec<_>>()
            .join(" and "),
        Object::Eddies(e) => eddies(e),
        Object::Comparison(c) => comparison(c),
        Object::Whether(c) => format!("whether {}", clause(c)),
        Object::States(s) => {
            let words = premod(&s.words);
            if s.article {
                format!("{} {words}", article(&words))
            } else {
                words
            }
        }
        Object::Postmod(p) => postmod(p),
    }
}

fn eddies(e: &Eddies) -> String {
    if e.signed {
        format!("{:+} €$", e.amount)
    } else {
        format!("{} €$", e.amount)
    }
}

fn adjunct(a: &Adjunct) -> String {
    match a {
        Adjunct::Duration(d) => duration(d),
        Adjunct::ForFree => "for free".into(),
        Adjunct::ForEddies(e) => format!("for {}", eddies(e)),
        Adjunct::ForEach(n) | Adjunct::For(n) => format!("for {}", np(n)),
        Adjunct::To(n) => format!("to {}", np(n)),
        Adjunct::ToNumber(n) => format!("to {}", number(n)),
        Adjunct::Purpose(v) => format!("to {}", vp(&v.node)),
        Adjunct::By(by) => {
            let amount = match &by.amount {
                ByAmount::Number(n) => number(n),
                ByAmount::Signed { n, either: true } => format!("±{}", n.unsigned_abs()),
                ByAmount::Signed { n, either: false } => format!("{n:+}"),
                ByAmount::AtLeast(n) => format!("{n}+"),
            };
            if by.up_to {
                format!("by up to {amount}")
            } else {
                format!("by {amount}")
            }
        }
        Adjunct::ByDoing(vs) => format!(
            "by {}",
            vs.iter()
                .map(|v| vp(&v.node))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Adjunct::With(n) => format!("with {}", np(n)),
        Adjunct::Against(n) => format!("against {}", np(n)),
        Adjunct::In(n) => format!("in {}", np(n)),
        Adjunct::On(n) => format!("on {}", np(n)),
        Adjunct::From(n) => format!("from {}", np(n)),
        Adjunct::Minimum(e) => format!(", to a minimum of {}", eddies(e)),
        Adjunct::Once => "once".into(),
        Adjunct::Only => "only".into(),
        Adjunct::Each => "each".into(),
        Adjunct::After(e) => format!("after {}", event(&e.node)),
        Adjunct::When(e) => format!("when {}", event(&e.node)),
        Adjunct::Without(v) => format!("without {}", vp(&v.node)),
    }
}

// ---- events, conditions, durations

fn event(e: &EventPhrase) -> String {
    let mut w = Words::default();
    w.push(&np(&e.subject));
    if e.would {
        w.push("would");
    }
    w.push(&vp(&e.vp.node));
    w.0
}

fn condition(c: &Condition) -> String {
    match c {
        Condition::YouDo { .. } => "you do".into(),
        Condition::Holds(cl) => clause(cl),
        Condition::All(cs) => cs
            .iter()
            .map(|c| condition(&c.node))
            .collect::<Vec<_>>()
            .join(" and "),
        Condition::Any(cs) => cs
            .iter()
            .map(|c| condition(&c.node))
            .collect::<Vec<_>>()
            .join(" or "),
    }
}

fn duration(d: &DurationPhrase) -> String {
    match d {
        DurationPhrase::ThisTurn => "this turn".into(),
        DurationPhrase::NextTurn => "next turn".into(),
        DurationPhrase::EachTurn => "each turn".into(),
        DurationPhrase::Until(Until::Turn(t)) => format!("until {}", turn(t)),
        DurationPhrase::Until(Until::Point(p)) => format!("until {}", turn_point(p)),
        DurationPhrase::At(p) => format!("at {}", turn_point(p)),
        DurationPhrase::During(t) => format!("during {}", turn(t)),
        DurationPhrase::While { when, doing } => {
            format!(
                "{} {}",
                if *when { "when" } else { "while" },
                vp(&doing.node)
            )
        }
        DurationPhrase::TurnPlayed { pronoun, .. } => match pronoun {
            Pronoun::They => "the turn they're played".into(),
            _ => "the turn it's played".into(),
        },
    }
}

fn turn_point(p: &TurnPoint) -> String {
    format!(
        "the {} of {}",
        if p.start { "start" } else { "end" },
        turn(&p.turn)
    )
}

fn turn(t: &Turn) -> String {
    let mut w = Words::default();
    let owner = t
        .owner
        .as_ref()
        .map(|n| format!("{}'s", noun_word(n, false)));
    if let Some(d) = t.det {
        let next = owner.clone().unwrap_or_else(|| "turn".into());
        w.push(&det_word(d, &next));
    }
    if let Some(o) = &owner {
        w.push(o);
    }
    if t.next {
        w.push("next");
    }
    w.push("turn");
    w.0
}

// ---- noun phrases

/// A noun phrase in canonical text.
pub(super) fn np(n: &NounPhrase) -> String {
    let mut s = match &n.node {
        Np::Pronoun { word, .. } => pronoun_word(*word).to_string(),
        Np::Rest { .. } => "the rest".into(),
        Np::Count {
            count, postmods, ..
        } => {
            let mut w = Words::default();
            if count.up_to {
                w.push("up to");
            }
            w.push(&count.n.to_string());
            match count.more {
                Some(MoreFewer::More) => w.push("more"),
                Some(MoreFewer::Fewer) => w.push("fewer"),
                Some(MoreFewer::Less) => w.push("less"),
                None => {}
            }
            for m in postmods {
                w.push(&postmod(&m.node));
            }
            w.0
        }
        Np::Phrase(ph) => phrase(ph),
        Np::And(items) => items.iter().map(np).collect::<Vec<_>>().join(" and "),
    };
    if let Some(r) = &n.reminder {
        s.push(' ');
        s.push_str(&r.text);
    }
    s
}

fn phrase(ph: &Phrase) -> String {
    let mut w = Words::default();
    if let Some(p) = &ph.partitive {
        w.push(match p.node {
            Partitive::One => "one of",
            Partitive::Each => "each of",
            Partitive::Any => "any of",
            Partitive::All => "all of",
        });
    }
    if let Some(owner) = &ph.possessor {
        match &owner.node {
            Np::Pronoun { word, .. } => w.push(match word {
                Pronoun::It => "its",
                Pronoun::They | Pronoun::Them => "their",
                _ => "your",
            }),
            _ => {
                w.push(&np(owner));
                w.glue("'s");
            }
        }
    }
    let mut rest = Words::default();
    for p in &ph.premods {
        rest.push(&premod(&p.node));
    }
    for (i, h) in ph.heads.iter().enumerate() {
        if i > 0 {
            rest.push(match h.conj {
                Some(Conj::And) => "and",
                Some(Conj::AndOr) => "and/or",
                _ => "or",
            });
        }
        for p in &h.premods {
            rest.push(&premod(&p.node));
        }
        rest.push(&head(&h.head.node));
    }
    for m in &ph.postmods {
        rest.push(&postmod(&m.node));
    }
    if let Some(d) = &ph.det {
        w.push(&det_word(d.node, &rest.0));
    }
    w.push(&rest.0);
    w.0
}

fn head(h: &Head) -> String {
    let mut s = noun_word(&h.noun, h.plural);
    if let Some(r) = &h.reminder {
        s.push(' ');
        s.push_str(&r.text);
    }
    if let Some(c) = &h.comparison {
        s.push(' ');
        s.push_str(&comparison(&c.node));
    }
    s
}

/// A list of pre-modifier words joined by `or`.
fn premod(p: &Premod) -> String {
    let words: Vec<String> = p.words.iter().map(|w| premod_word(&w.node)).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] if p.commas => format!(
            "{}{} or {last}",
            init.join(", "),
            if p.serial_comma { "," } else { "" }
        ),
        _ => words.join(" or "),
    }
}

fn premod_word(w: &PremodWord) -> String {
    use PremodWord::*;
    match w {
        Other => "other".into(),
        First => "first".into(),
        Next => "next".into(),
        Last => "last".into(),
        Opposing => "opposing".into(),
        Discarded => "discarded".into(),
        Chosen => "chosen".into(),
        Attacking => "attacking".into(),
        Blocking => "blocking".into(),
        Defending => "defending".into(),
        Stolen => "stolen".into(),
        Different => "different".into(),
        Same => "same".into(),
        Total => "total".into(),
        Random => "random".into(),
        Highest => "highest".into(),
        Lowest => "lowest".into(),
        HighestPower => "highest-power".into(),
        LowestPower => "lowest-power".into(),
        Higher => "higher".into(),
        Lower => "lower".into(),
        Top(None) => "top".into(),
        Top(Some(n)) => format!("top {n}"),
        CardType(t) => match t {
            CardTypeWord::Unit => "Unit",
            CardTypeWord::Legend => "Legend",
            CardTypeWord::Gear => "Gear",
            CardTypeWord::Program => "Program",
        }
        .into(),
        Spent => "spent".into(),
        Ready => "ready".into(),
        Friendly => "friendly".into(),
        Rival => "rival".into(),
        Equipped => "equipped".into(),
        Unequipped => "unequipped".into(),
        FaceUp => "face-up".into(),
        FaceDown => "face-down".into(),
        Empty => "empty".into(),
        Min => "min".into(),
        Max => "max".into(),
        Even => "even".into(),
        Odd => "odd".into(),
        Colour(c) => match c {
            Color::Red => "Red",
            Color::Green => "Green",
            Color::Blue => "Blue",
            Color::Yellow => "Yellow",
        }
        .into(),
        Tag(t) => t.clone(),
    }
}

/// The word of a noun, in the singular or the plural.
pub(super) fn noun_word(n: &Noun, plural: bool) -> String {
    let base = match n {
        Noun::Named(name) => return format!("\"{name}\""),
        Noun::Die(sides) => format!("d{sides}"),
        Noun::Cred => return "☆".into(),
        Noun::Unit => "Unit".into(),
        Noun::Legend => "Legend".into(),
        Noun::Gear => "Gear".into(),
        Noun::Program => "Program".into(),
        Noun::Card => "card".into(),
        Noun::CardType => "card type".into(),
        Noun::Type => "type".into(),
        Noun::Eddie => "Eddie".into(),
        Noun::Rival => "Rival".into(),
        Noun::Player => "player".into(),
        Noun::Owner => "owner".into(),
        Noun::Controller => "controller".into(),
        Noun::Gig => "Gig".into(),
        Noun::ValuePair => "value-pair".into(),
        Noun::SidedPair => "sided-pair".into(),
        Noun::Effect => "effect".into(),
        Noun::Fight => "fight".into(),
        Noun::Attack => "attack".into(),
        Noun::Result => "result".into(),
        Noun::Order => "order".into(),
        Noun::Side => "side".into(),
        Noun::Hand => "hand".into(),
        Noun::Deck => "deck".into(),
        Noun::Trash => "trash".into(),
        Noun::FixerArea => "fixer area".into(),
        Noun::LegendsArea => "Legends area".into(),
        Noun::GigArea => "Gig area".into(),
        Noun::Field => "field".into(),
        Noun::Game => "game".into(),
        Noun::Power => "power".into(),
        Noun::Cost => "cost".into(),
        Noun::Value => "value".into(),
        Noun::GigValue => "Gig value".into(),
        Noun::Number => "number".into(),
    };
    if plural {
        format!("{base}s")
    } else {
        base
    }
}

fn postmod(p: &Postmod) -> String {
    match p {
        Postmod::With(n) => format!("with {}", np(n)),
        Postmod::WithKeywords(ks) => format!(
            "with {}",
            ks.iter()
                .map(|k| keyword_word(*k))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        Postmod::From { among, what } => {
            format!("from {}{}", if *among { "among " } else { "" }, np(what))
        }
        Postmod::In(n) => format!("in {}", np(n)),
        Postmod::Of(n) => format!("of {}", np(n)),
        Postmod::As(n) => format!("as {}", np(n)),
        Postmod::Than(n) => format!("than {}", np(n)),
        Postmod::Compared { word, than } => format!("{} than {}", than_word(*word), np(than)),
        Postmod::NotSharedBy(n) => format!("not shared by {}", np(n)),
        Postmod::Named(name) => format!("named \"{name}\""),
        Postmod::That { modal, vp: v } => match modal {
            Some(m) => format!("that {} {}", modal_word(*m), vp(&v.node)),
            None => format!("that {}", vp(&v.node)),
        },
        Postmod::AtValue { max } => format!("at {} value", if *max { "max" } else { "min" }),
    }
}

// ---- numbers

fn number(n: &Number) -> String {
    match n {
        Number::Lit(v) => v.to_string(),
        Number::Np(n) => np(n),
    }
}

fn comparison(c: &Comparison) -> String {
    match c {
        Comparison::Is(n) => n.to_string(),
        Comparison::OrLess(n) => format!("{n} or less"),
        Comparison::OrMore(n) => format!("{n} or more"),
        Comparison::OrFewer(n) => format!("{n} or fewer"),
        Comparison::Plus(n) => format!("{n}+"),
        Comparison::EqualTo { or, to } => match or {
            Some(LessMore::Less) => format!("equal to or less than {}", number(to)),
            Some(LessMore::More) => format!("equal to or more than {}", number(to)),
            None => format!("equal to {}", number(to)),
        },
        Comparison::Than { word, than } => format!("{} than {}", than_word(*word), number(than)),
        Comparison::Parity { even } => {
            if *even {
                "an even number".into()
            } else {
                "an odd number".into()
            }
        }
    }
}

// ---- words

/// `a` or `an` before `next` (the rest of the phrase).
fn article(next: &str) -> &'static str {
    let lower = next.to_ascii_lowercase();
    let vowel = lower.starts_with(['a', 'e', 'i', 'o', 'u']);
    let you = ["uni", "use", "usu", "one"]
        .iter()
        .any(|p| lower.starts_with(p));
    if vowel && !you {
        "an"
    } else {
        "a"
    }
}

fn det_word(d: Det, next: &str) -> String {
    match d {
        Det::A => article(next).into(),
        Det::Another => "another".into(),
        Det::All => "all".into(),
        Det::Any => "any".into(),
        Det::AnyNumberOf => "any number of".into(),
        Det::Each => "each".into(),
        Det::Every => "every".into(),
        Det::No => "no".into(),
        Det::This => "this".into(),
        Det::That => "that".into(),
        Det::These => "these".into(),
        Det::Those => "those".into(),
        Det::The => "the".into(),
        Det::One => "one".into(),
        Det::OneOrMore => "one or more".into(),
        Det::More => "more".into(),
        Det::Fewer => "fewer".into(),
        Det::Less => "less".into(),
        Det::Number(n) => n.to_string(),
        Det::UpTo(n) => format!("up to {n}"),
        Det::OrMore(n) => format!("{n} or more"),
        Det::OrLess(n) => format!("{n} or less"),
        Det::OrFewer(n) => format!("{n} or fewer"),
        Det::Plus(n) => format!("{n}+"),
        Det::NMore(n) => format!("{n} more"),
        Det::NFewer(n) => format!("{n} fewer"),
        Det::NLess(n) => format!("{n} less"),
        Det::AtLeast(n) => format!("at least {n}"),
        Det::AtLeastMore(n) => format!("at least {n} more"),
        Det::AtLeastFewer(n) => format!("at least {n} fewer"),
        Det::LessThan(n) => format!("less than {n}"),
        Det::Your => "your".into(),
        Det::Its => "its".into(),
        Det::Their => "their".into(),
    }
}

fn pronoun_word(p: Pronoun) -> &'static str {
    match p {
        Pronoun::It => "it",
        Pronoun::Them => "them",
        Pronoun::They => "they",
        Pronoun::You => "you",
        Pronoun::Both => "both",
    }
}

pub(super) fn modal_word(m: Modal) -> &'static str {
    match m {
        Modal::Can => "can",
        Modal::Cant => "can't",
        Modal::CanOnly => "can only",
        Modal::Must => "must",
        Modal::May => "may",
        Modal::Would => "would",
        Modal::Doesnt => "doesn't",
        Modal::Dont => "don't",
        Modal::Didnt => "didn't",
    }
}

pub(super) fn copula_word(c: Copula) -> &'static str {
    match c {
        Copula::Is => "is",
        Copula::Are => "are",
        Copula::Be => "be",
        Copula::Was => "was",
        Copula::Were => "were",
        Copula::IsNot => "isn't",
        Copula::AreNot => "aren't",
        Copula::WasNot => "wasn't",
        Copula::Contracted => "'s",
        Copula::ContractedPlural => "'re",
        Copula::Becomes => "becomes",
        Copula::Become => "become",
        Copula::Became => "became",
    }
}

pub(super) fn keyword_word(k: Keyword) -> &'static str {
    match k {
        Keyword::Blocker => "{Blocker}",
        Keyword::Quick => "{Quick}",
        Keyword::GoSolo => "{Go Solo}",
        Keyword::Adrenaline => "{Adrenaline}",
    }
}

pub(super) fn label_word(l: Label) -> &'static str {
    match l {
        Label::Play => "{Play}",
        Label::Attack => "{Attack}",
        Label::Defeated => "{Defeated}",
        Label::Call => "{Call}",
        Label::Flip => "{Flip}",
    }
}

/// The word before `than`.
fn than_word(word: ThanWord) -> &'static str {
    match word {
        ThanWord::Less => "less",
        ThanWord::More => "more",
        ThanWord::Higher => "higher",
        ThanWord::Greater => "greater",
        ThanWord::Lower => "lower",
        ThanWord::Fewer => "fewer",
    }
}
