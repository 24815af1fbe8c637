//! Printing: AST → canonical card text (the formatter), and AST → compact s-expressions (snapshots).

use crate::ast::*;
use crate::card::Color;
use serde_json::Value;

// ---- Canonical text ---------------------------------------------------------------------------

/// Canonical text of a script: one ability a line, each line ending in a line break.
pub fn print_script(script: &Script) -> String {
    let mut out = Out::default();
    for a in &script.abilities {
        out.ability(&a.node);
        out.s.push('\n');
        out.line_start = true;
    }
    out.s
}

/// Canonical text of one ability (a modal ability spans two lines).
pub fn print_ability(ability: &Ability) -> String {
    let mut out = Out::default();
    out.ability(ability);
    out.s
}

/// A textbox whose printed AST is not its text: some word was read but not kept, or kept wrongly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundTripError {
    /// the text in the card file
    pub span: crate::source::Span,
    /// what printing the AST gives
    pub printed: String,
    /// what re-reading the printed text gives, if it differs from the first reading
    pub reparse_differs: bool,
}

impl crate::diag::IntoDiagnostic for RoundTripError {
    fn to_diagnostic(&self) -> crate::diag::Diagnostic {
        let what = if self.reparse_differs {
            "card text: reading the printed text gives a different AST"
        } else {
            "card text: printing the AST does not give back the text"
        };
        crate::diag::Diagnostic::error(what)
            .with_primary(self.span, "this text")
            .with_note(format!("printed: {}", self.printed.trim_end()))
            .with_note("this is a bug in gigscript's parser or printer, not in the card")
    }
}

/// Checks that printing a textbox's AST gives back its text (whitespace aside) and that reading
/// the printed text gives the same AST (spans aside). `script` must be what reading `text` gave.
pub fn check_round_trip(
    text: &crate::card::CardText,
    file: crate::source::FileId,
    kind: crate::card::CardType,
    script: &Script,
) -> Result<(), RoundTripError> {
    let printed = print_script(script);
    let span = crate::source::Span::new(file, text.offset..text.offset + text.text.len());
    if !same_text(&printed, &text.text) {
        return Err(RoundTripError {
            span,
            printed,
            reparse_differs: false,
        });
    }
    // Reading is a function of the text (and card type, textbox and offset): when the printed
    // text is the text itself, reading it again gives the AST we have, so skip the second read.
    if printed == text.text {
        return Ok(());
    }
    let again = crate::card::CardText {
        text: printed.clone(),
        offset: 0,
        exact: true,
    };
    match crate::parse::parse_text(&again, file, kind, script.textbox) {
        Ok(s2) if without_spans(&s2) == without_spans(script) => Ok(()),
        _ => Err(RoundTripError {
            span,
            printed,
            reparse_differs: true,
        }),
    }
}

/// The canonical text of any text that parses, and the check that it is canonical: it parses
/// again to the same abilities and referents (the referents' words may differ, as the printer
/// writes them its way: `a equipped Unit` is printed `an equipped Unit`), and prints to itself.
/// `Ok(None)` when `text` does not parse; `Err` describes a text the printer misreads.
pub fn reprint(
    text: &str,
    kind: crate::card::CardType,
    textbox: Textbox,
) -> Result<Option<String>, String> {
    let read = |t: &str| {
        let t = crate::card::CardText {
            text: t.to_string(),
            offset: 0,
            exact: true,
        };
        crate::parse::parse_text(&t, 0, kind, textbox)
    };
    let Ok(script) = read(text) else {
        return Ok(None);
    };
    let printed = print_script(&script);
    let again = read(&printed)
        .map_err(|e| format!("the printed text {printed:?} does not parse: {e:?}"))?;
    let reading = |s: &Script| {
        let referents: Vec<_> = (s.bindings.iter())
            .map(|b| (b.id, b.kind, b.plural))
            .collect();
        (without_spans(&s.abilities), referents)
    };
    if reading(&script) != reading(&again) {
        return Err(format!(
            "printing changed the reading of {text:?} (printed {printed:?}):\n{}\n{}",
            sexpr(&script),
            sexpr(&again)
        ));
    }
    let twice = print_script(&again);
    if twice != printed {
        return Err(format!(
            "the printed text {printed:?} of {text:?} prints as {twice:?}"
        ));
    }
    Ok(Some(printed))
}

/// Whether two texts are equal, whitespace aside.
pub fn same_text(a: &str, b: &str) -> bool {
    a.split_whitespace().eq(b.split_whitespace())
}

#[derive(Default)]
struct Out {
    s: String,
    cap: bool,
    line_start: bool,
}

fn signed(n: i32) -> String {
    format!("{n:+}")
}

fn keyword(k: KeywordName) -> &'static str {
    match k {
        KeywordName::Blocker => "{Blocker}",
        KeywordName::Quick => "{Quick}",
        KeywordName::GoSolo => "{Go Solo}",
        KeywordName::Adrenaline => "{Adrenaline}",
    }
}

fn colour(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Green => "Green",
        Color::Blue => "Blue",
        Color::Yellow => "Yellow",
    }
}

fn stat(s: Stat) -> &'static str {
    match s {
        Stat::Power => "power",
        Stat::Cost => "cost",
        Stat::Value => "value",
    }
}

fn article_for(next: &str) -> &'static str {
    match next.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o') => "an",
        _ => "a",
    }
}

fn head_word(h: &Head) -> String {
    let base = match &h.noun {
        Noun::Unit => "Unit".to_string(),
        Noun::Legend => "Legend".to_string(),
        Noun::Gear => "Gear".to_string(),
        Noun::Program => "Program".to_string(),
        Noun::Card => "card".to_string(),
        Noun::CardType => "card type".to_string(),
        Noun::Type => "type".to_string(),
        Noun::Gig => "Gig".to_string(),
        Noun::Eddie => "Eddie".to_string(),
        Noun::Die(n) => format!("d{n}"),
        Noun::ValuePair => "value-pair".to_string(),
        Noun::SidedPair => "sided-pair".to_string(),
        Noun::Player => "player".to_string(),
        Noun::Rival => "Rival".to_string(),
        Noun::Named(n) => return format!("\"{n}\""),
    };
    if h.plural {
        base + "s"
    } else {
        base
    }
}

fn zone_list(z: &[Zone]) -> String {
    let words: Vec<&str> = z
        .iter()
        .map(|z| match z {
            Zone::Hand => "hand",
            Zone::Trash => "trash",
            Zone::Deck => "deck",
            Zone::FixerArea => "fixer area",
            Zone::LegendsArea => "Legends area",
        })
        .collect();
    format!("your {}", words.join(" or "))
}

impl Out {
    /// Writes a word (or several), with a space before it unless at the start of a line or after `(`.
    fn w(&mut self, word: &str) {
        if word.is_empty() {
            return;
        }
        if !self.line_start && !self.s.is_empty() && !self.s.ends_with('\n') {
            self.s.push(' ');
        }
        self.line_start = false;
        if self.cap {
            self.cap = false;
            let mut cs = word.chars();
            if let Some(c) = cs.next() {
                self.s.extend(c.to_uppercase());
                self.s.push_str(cs.as_str());
                return;
            }
        }
        self.s.push_str(word);
    }

    /// Writes punctuation glued to the word before it.
    fn p(&mut self, punct: &str) {
        self.s.push_str(punct);
    }

    fn cap(&mut self) {
        self.cap = true;
    }

    fn ability(&mut self, a: &Ability) {
        match a {
            Ability::Keyword {
                keyword: k,
                reminder,
            } => {
                self.w(keyword(*k));
                if let Some(r) = reminder {
                    self.w(&r.text);
                }
            }
            Ability::Reminder(rs) => {
                for r in rs {
                    self.w(&r.text);
                }
            }
            Ability::Triggered { trigger, effect } => {
                match &trigger.node {
                    Trigger::Labels(ls) => {
                        for l in ls {
                            self.w(match l {
                                Label::Play => "{Play}",
                                Label::Attack => "{Attack}",
                                Label::Defeated => "{Defeated}",
                                Label::Call => "{Call}",
                                Label::Flip => "{Flip}",
                            });
                        }
                        self.cap();
                    }
                    Trigger::When(e) => {
                        self.cap();
                        self.w("when");
                        self.event(&e.node);
                        self.p(",");
                    }
                    Trigger::StartOfYourTurn => {
                        self.cap();
                        self.w("at the start of your turn,");
                    }
                    Trigger::EndOfYourTurn => {
                        self.cap();
                        self.w("at the end of your turn,");
                    }
                    Trigger::FirstTimeEachTurn(e) => {
                        self.cap();
                        self.w("the first time");
                        self.event(&e.node);
                        self.w("each turn,");
                    }
                }
                self.effect(effect);
            }
            Ability::Activated {
                quick,
                window,
                costs,
                effect,
            } => {
                if *quick {
                    self.w("{Quick}");
                }
                if let Some(e) = window {
                    self.cap();
                    self.w("when");
                    self.event(&e.node);
                    self.p(",");
                }
                for (i, c) in costs.iter().enumerate() {
                    if i > 0 {
                        self.p(",");
                    }
                    match c.node {
                        Cost::Spend => self.w("{Spend}"),
                        Cost::Eddies(n) => self.w(&format!("{n} €$")),
                    }
                }
                self.p(":");
                self.cap();
                self.effect(effect);
            }
            Ability::Static(effect) => {
                self.cap();
                self.effect(effect);
            }
            Ability::CostRule(c) => {
                self.cap();
                self.cost_rule(&c.node);
            }
            Ability::Replacement {
                subject,
                optional,
                action,
                reminders,
            } => {
                self.cap();
                self.w("if");
                self.np(subject);
                self.w("would be defeated,");
                if *optional {
                    self.w("you may");
                }
                self.action(&action.node);
                self.w("instead");
                self.p(".");
                for r in reminders {
                    self.w(&r.text);
                }
            }
            Ability::Resolution { quick, effect } => {
                if *quick {
                    self.w("{Quick}");
                }
                self.cap();
                self.effect(effect);
            }
        }
    }

    fn eddies_mod(&mut self, change: i32) {
        self.w(&format!("{} €$", signed(change)));
    }

    fn cost_rule(&mut self, c: &CostRule) {
        match c {
            CostRule::PlayFor {
                card,
                each_turn,
                change,
                per,
                minimum,
            } => {
                self.w("play");
                self.np(card);
                if *each_turn {
                    self.w("each turn");
                }
                self.w("for");
                self.eddies_mod(*change);
                if let Some(per) = per {
                    self.for_each(per);
                }
                self.p(",");
                self.w(&format!("to a minimum of {minimum} €$."));
            }
            CostRule::EffectCosts { change, per } => {
                self.w("this effect costs");
                self.eddies_mod(*change);
                self.for_each(per);
                self.p(".");
            }
            CostRule::AlsoPlay {
                card,
                when,
                paying,
                spending,
            } => {
                self.w("you may also play");
                self.np(card);
                self.w("when");
                self.event(&when.node);
                self.w("by paying");
                self.expr(&paying.node);
                if let Some(s) = spending {
                    self.w("and spending");
                    self.np(s);
                }
                self.p(".");
            }
            CostRule::PlayForIf {
                condition,
                card,
                cost,
            } => {
                self.w("if");
                self.condition(&condition.node);
                self.p(",");
                self.w("play");
                self.np(card);
                self.w(&format!("for {cost} €$."));
            }
        }
    }

    fn effect(&mut self, e: &Effect) {
        match e {
            Effect::Sentences(ss) => self.sentences(ss),
            Effect::Modal { head, rule, modes } => {
                match &head.node {
                    ModalHead::ChooseOne => self.w("choose one effect."),
                    ModalHead::GiveAll { target } => {
                        self.w("give");
                        self.np(target);
                        self.w("these effects.");
                    }
                }
                if let Some(r) = rule {
                    self.cap();
                    self.w("if");
                    self.condition(&r.node.condition.node);
                    self.p(",");
                    self.w(match r.node.change {
                        ModeChange::ChooseBoth => "choose both instead.",
                        ModeChange::RivalChoosesOne { .. } => {
                            "they instead choose one effect for you."
                        }
                    });
                }
                self.s.push('\n');
                self.line_start = true;
                for (i, m) in modes.iter().enumerate() {
                    if i > 0 {
                        self.w("//");
                    }
                    self.cap();
                    self.sentences(m);
                }
            }
        }
    }

    fn sentences(&mut self, ss: &[Spanned<Sentence>]) {
        for (i, s) in ss.iter().enumerate() {
            if i > 0 {
                self.cap();
            }
            self.sentence(&s.node);
        }
    }

    fn sentence(&mut self, s: &Sentence) {
        match s.lead.as_ref().map(|l| &l.node) {
            None => {}
            Some(Lead::Then { condition }) => {
                self.w("then,");
                if let Some(c) = condition {
                    self.w("if");
                    self.condition(&c.node);
                    self.p(",");
                }
            }
            Some(Lead::If(c)) => {
                self.w("if");
                self.condition(&c.node);
                self.p(",");
            }
            Some(Lead::IfYouDo { .. }) => self.w("if you do,"),
            Some(Lead::Otherwise { .. }) => self.w("otherwise,"),
            Some(Lead::During(d)) => {
                self.duration(&d.node);
                self.p(",");
            }
        }
        self.clause(&s.clause.node);
        self.p(".");
        for r in &s.reminders {
            self.w(&r.text);
        }
    }

    fn clause(&mut self, c: &Clause) {
        match c {
            Clause::Delayed { event, then } => {
                self.w("the next time");
                self.event(&event.node);
                self.w("this turn,");
                self.clause(&then.node);
            }
            Clause::Do {
                optional,
                also,
                steps,
                instead,
                condition,
            } => {
                if *optional {
                    self.w("you may");
                }
                if *also {
                    self.w("also");
                }
                self.steps(steps);
                if instead.is_some() {
                    self.w("instead");
                }
                if let Some(c) = condition {
                    self.w("if");
                    self.condition(&c.node);
                }
            }
            Clause::State { subject, predicate } => {
                self.np(subject);
                self.predicate(&predicate.node, np_plural(subject));
            }
        }
    }

    fn steps(&mut self, steps: &[Step]) {
        for s in steps {
            match s.link {
                None => {}
                Some(Link::And) => self.w("and"),
                Some(Link::Then) => {
                    self.p(",");
                    self.w("then");
                }
            }
            self.action(&s.action.node);
        }
    }

    fn for_each(&mut self, np: &NounPhrase) {
        let of = matches!(&np.node, Np::Phrase(ph) if ph.owner.is_some() || ph.quantity == Quantity::Its);
        self.w(if of { "for each of" } else { "for each" });
        self.np(np);
    }

    fn modifiers(&mut self, ms: &[Modifier]) {
        for m in ms {
            match m {
                Modifier::Duration(d) => self.duration(&d.node),
                Modifier::ForEach(np) => self.for_each(np),
            }
        }
    }

    fn action(&mut self, a: &Action) {
        match a {
            Action::AddToHand { what, .. } => {
                self.w("add");
                self.np(what);
                self.w("to your hand");
            }
            Action::AddMore { count, per, .. } => {
                self.w(&format!("add {count} more"));
                self.for_each(per);
            }
            Action::ChangeGig {
                direction,
                gig,
                amount,
            } => {
                self.w(match direction {
                    Direction::Increase => "increase",
                    Direction::Decrease => "decrease",
                    Direction::Adjust => "adjust",
                });
                self.np(gig);
                self.w("by");
                if amount.up_to {
                    self.w("up to");
                }
                let sign = if amount.plus_minus { "±" } else { "" };
                self.w(&format!("{sign}{}", amount.n));
            }
            Action::BottomDeck {
                what,
                after_playing,
                any_order,
            } => {
                self.w("bottom-deck");
                self.np(what);
                if let Some(np) = after_playing {
                    self.w("after you play");
                    self.np(np);
                }
                if *any_order {
                    self.w("in any order");
                }
            }
            Action::Call { what, free } => {
                self.w("Call");
                self.np(what);
                if *free {
                    self.w("for free");
                }
            }
            Action::Choose { what } => {
                self.w("choose");
                self.np(what);
            }
            Action::Defeat { what, when } => {
                self.w("defeat");
                self.np(what);
                if let Some(d) = when {
                    self.duration(&d.node);
                }
            }
            Action::Discard { what } => {
                self.w("discard");
                self.np(what);
            }
            Action::Double { what } => {
                self.w("double");
                self.expr(&what.node);
            }
            Action::Draw { up_to, count, per } => {
                self.w("draw");
                if *up_to {
                    self.w("up to");
                }
                self.w(&count.to_string());
                if let Some(per) = per {
                    self.for_each(per);
                }
            }
            Action::Equip {
                gear,
                only,
                free,
                to,
            } => {
                self.w("equip");
                self.np(gear);
                if *only {
                    self.w("only");
                }
                if *free {
                    self.w("for free");
                }
                self.w("to");
                self.np(to);
            }
            Action::Give {
                target,
                grants,
                modifiers,
            } => {
                self.w("give");
                self.np(target);
                for (i, g) in grants.iter().enumerate() {
                    if i > 0 {
                        self.w("and");
                    }
                    match g {
                        Grant::Power(n) => self.w(&format!("{} power", signed(*n))),
                        Grant::Keyword(k) => self.w(keyword(*k)),
                    }
                }
                self.modifiers(modifiers);
            }
            Action::EndAttack => self.w("end the attack"),
            Action::GameResult { win } => {
                self.w("you");
                self.w(if *win { "win" } else { "lose" });
                self.w("the game");
            }
            Action::IgnoreResult { .. } => self.w("ignore the result"),
            Action::LookAt {
                what,
                without_revealing,
            } => {
                self.w("look at");
                self.np(what);
                if let Some(np) = without_revealing {
                    self.w("without revealing");
                    self.np(np);
                }
            }
            Action::Play { what, free } => {
                self.w("play");
                self.np(what);
                if *free {
                    self.w("for free");
                }
            }
            Action::Ready { what } => {
                self.w("ready");
                self.np(what);
            }
            Action::RemoveFromGame { what } => {
                self.w("remove");
                self.np(what);
                self.w("from the game");
            }
            Action::RerollOnce { what } => {
                self.w("reroll");
                self.np(what);
                self.w("once");
            }
            Action::ReturnToOwnersHand { what } => {
                self.w("return");
                self.np(what);
                self.w("to its owner's hand");
            }
            Action::Reveal { what, .. } => {
                self.w("reveal");
                self.np(what);
            }
            Action::Search { what, for_ } => {
                self.w("search");
                self.np(what);
                if let Some(f) = for_ {
                    self.w("for");
                    self.np(f);
                }
            }
            Action::Sell { what } => {
                self.w("sell");
                self.np(what);
            }
            Action::SetGig { gig, to } => {
                self.w("set");
                self.np(gig);
                self.w("to");
                match to {
                    SetValue::Number(n) => self.w(&n.to_string()),
                    SetValue::SameValueAs(np) => {
                        self.w("the same value as");
                        self.np(np);
                    }
                    SetValue::ValueOf(np) => {
                        self.w("the value of");
                        self.np(np);
                    }
                }
            }
            Action::Spend { what, per } => {
                self.w("spend");
                self.np(what);
                if let Some(per) = per {
                    self.for_each(per);
                }
            }
            Action::PayTo { eddies, action } => {
                self.w(&format!("spend {eddies} €$ to"));
                self.action(&action.node);
            }
            Action::Steal { what } => {
                self.w("steal");
                self.np(what);
            }
            Action::Swap { gig, with } => {
                self.w("swap");
                self.np(gig);
                self.w("with");
                self.np(with);
            }
            Action::Trash { up_to, what } => {
                self.w("trash");
                if *up_to {
                    self.w("up to");
                }
                self.np(what);
            }
        }
    }

    fn duration(&mut self, d: &Duration) {
        match d {
            Duration::ThisTurn => self.w("this turn"),
            Duration::UntilYourNextTurn => self.w("until your next turn"),
            Duration::AtEndOfThisTurn => self.w("at the end of this turn"),
            Duration::WhileAttacking => self.w("while attacking"),
            Duration::WhileFighting(np) => {
                self.w("while fighting");
                self.np(np);
            }
            Duration::TurnPlayed { plural, .. } => self.w(if *plural {
                "the turn they're played"
            } else {
                "the turn it's played"
            }),
            Duration::NextTurn => self.w("next turn"),
            Duration::DuringYourTurn => self.w("during your turn"),
        }
    }

    fn opt_duration(&mut self, d: &Option<Spanned<Duration>>) {
        if let Some(d) = d {
            self.duration(&d.node);
        }
    }

    fn predicate(&mut self, p: &Predicate, plural_subject: bool) {
        match p {
            Predicate::CantAttack { duration, unless } => {
                self.w("can't attack");
                self.opt_duration(duration);
                if let Some(c) = unless {
                    self.w("unless");
                    self.condition(&c.node);
                }
            }
            Predicate::CantBeBlocked => self.w("can't be blocked"),
            Predicate::CantBeDefeatedInAFight { duration } => {
                self.w("can't be defeated in a fight");
                self.duration(&duration.node);
            }
            Predicate::CantReady { duration } => {
                self.w("can't ready");
                self.duration(&duration.node);
            }
            Predicate::CantSteal { what } => {
                self.w("can't steal");
                self.np(what);
            }
            Predicate::CanAttack { target, duration } => {
                self.w("can attack");
                match target {
                    AttackTarget::Cards(np) => self.np(np),
                    AttackTarget::GigArea { .. } => self.w("their Gig area"),
                }
                self.opt_duration(duration);
            }
            Predicate::MayAttack { target } => {
                self.w("may attack");
                self.np(target);
            }
            Predicate::MayUseFor {
                keyword: k,
                change,
                duration,
                minimum,
            } => {
                self.w("may use");
                self.w(keyword(*k));
                self.w("for");
                self.eddies_mod(*change);
                self.duration(&duration.node);
                self.p(",");
                self.w(&format!("to a minimum of {minimum} €$"));
            }
            Predicate::MustAttack { duration } => {
                self.w("must attack");
                self.duration(&duration.node);
                self.w("if it can");
            }
            Predicate::MustPayToUse { change, keyword: k } => {
                self.w("must pay");
                self.eddies_mod(*change);
                self.w("to use");
                self.w(keyword(*k));
            }
            Predicate::HasPower { change, modifiers } => {
                self.w(if plural_subject { "have" } else { "has" });
                self.w(&format!("{} power", signed(*change)));
                self.modifiers(modifiers);
            }
            Predicate::HasKeyword(k) => {
                self.w(if plural_subject { "have" } else { "has" });
                self.w(keyword(*k));
            }
            Predicate::PowerEqualTo {
                gains,
                amount,
                duration,
            } => {
                self.w(if *gains { "gains" } else { "loses" });
                self.w("power equal to");
                self.expr(&amount.node);
                self.duration(&duration.node);
            }
            Predicate::StealsFewer { count, duration } => {
                let noun = if *count == 1 { "Gig" } else { "Gigs" };
                self.w(&format!("steals {count} fewer {noun}"));
                self.duration(&duration.node);
            }
            Predicate::AlsoSteals { what } => {
                self.w("also steals");
                self.np(what);
            }
            Predicate::Discards { count, more, .. } => {
                self.w(&format!("discards {count}"));
                if *more {
                    self.w("more");
                }
            }
            Predicate::DiscardsHand { then_may_draw, .. } => {
                self.w("discards their hand");
                if let Some(n) = then_may_draw {
                    self.w(&format!("and may draw {n}"));
                }
            }
            Predicate::Defeats { what } => {
                self.w("defeats");
                self.np(what);
            }
            Predicate::WinsAllFightsAgainst { against } => {
                self.w("wins all fights against");
                self.np(against);
            }
            Predicate::ChoosesWhether { first, second } => {
                self.w("chooses whether you");
                self.steps(first);
                self.w("or");
                self.steps(second);
            }
            Predicate::IsntStolen => self.w("isn't stolen"),
        }
    }

    fn event(&mut self, e: &Event) {
        match e {
            Event::YouPlay(np) => {
                self.w("you play");
                self.np(np);
            }
            Event::YouRollIn(np) => {
                self.w("you roll in");
                self.np(np);
            }
            Event::YouRollMinOrMax(np) => {
                self.w("you roll a min or max value on");
                self.np(np);
            }
            Event::Steals {
                subject,
                object,
                would,
            } => {
                self.np(subject);
                self.w(if *would { "would steal" } else { "steals" });
                self.np(object);
            }
            Event::IsSpent(np) => {
                self.np(np);
                self.w("is spent");
            }
            Event::IsDefeated(np) => {
                self.np(np);
                self.w("is defeated");
            }
            Event::Uses {
                subject,
                keyword: k,
            } => {
                self.np(subject);
                self.w("uses");
                self.w(keyword(*k));
            }
            Event::Attacks(np) => {
                self.np(np);
                self.w("attacks");
            }
            Event::LosesAFight { subject, .. } => {
                self.np(subject);
                self.w("loses a fight");
            }
            Event::WinsAFight {
                subject,
                by_at_least,
                ..
            } => {
                self.np(subject);
                self.w("wins a fight");
                if let Some(n) = by_at_least {
                    self.w(&format!("by {n}+ power"));
                }
            }
            Event::Decreases { subject, object } => {
                self.np(subject);
                self.w("decreases");
                self.np(object);
            }
        }
    }

    fn cred(&mut self, reminder: &Option<Reminder>) {
        self.w("☆");
        if let Some(r) = reminder {
            self.w(&r.text);
        }
    }

    fn condition(&mut self, c: &Condition) {
        match c {
            Condition::CredAtLeast { n, reminder } => {
                self.w(&format!("you have {n}+"));
                self.cred(reminder);
            }
            Condition::CredLessThan { n, reminder } => {
                self.w(&format!("you have less than {n}"));
                self.cred(reminder);
            }
            Condition::CredComparedTo {
                more,
                reminder,
                than,
            } => {
                self.w(if *more {
                    "you have more"
                } else {
                    "you have less"
                });
                self.cred(reminder);
                self.w("than");
                self.np(than);
            }
            Condition::CredParity { reminder, parity } => {
                self.w("your");
                self.cred(reminder);
                self.w(match parity {
                    Parity::Even => "is an even number",
                    Parity::Odd => "is an odd number",
                });
            }
            Condition::CredDiffers {
                reminder,
                from,
                by_at_least,
            } => {
                self.w("your");
                self.cred(reminder);
                self.w("differs from");
                self.np(from);
                self.p("'s");
                self.w(&format!("by {by_at_least}+"));
            }
            Condition::FixerAreaEmpty => self.w("your fixer area is empty"),
            Condition::YouControl { have, what } => {
                self.w(if *have { "you have" } else { "you control" });
                self.np(what);
            }
            Condition::YouDid(a) => {
                self.w("you");
                self.action(&a.node);
            }
            Condition::YouPlayed { what, duration } => {
                self.w("you played");
                self.np(what);
                self.duration(&duration.node);
            }
            Condition::ControlsMoreGigs { who, at_least } => {
                self.np(who);
                self.w("controls");
                if let Some(n) = at_least {
                    self.w(&format!("at least {n}"));
                }
                self.w("more Gigs than you");
            }
            Condition::Is {
                contracted,
                subject,
                complement,
                or_has,
            } => {
                if *contracted {
                    self.w("it's");
                } else {
                    self.np(subject);
                    self.w("is");
                }
                self.complement(complement);
                if let Some(k) = or_has {
                    self.w("or has");
                    self.w(keyword(*k));
                }
            }
            Condition::Equals(a, b) => {
                self.expr(&a.node);
                self.w("equals");
                self.expr(&b.node);
            }
            Condition::NumberParity(e, parity) => {
                self.expr(&e.node);
                self.w(match parity {
                    Parity::Even => "is even",
                    Parity::Odd => "is odd",
                });
            }
            Condition::HasSameValue { subject, .. } => {
                self.np(subject);
                self.w("has the same value");
            }
            Condition::WinsAFightAgainst { subject, against } => {
                self.np(subject);
                self.w("wins a fight against");
                self.np(against);
            }
        }
    }

    fn complement(&mut self, c: &Complement) {
        match c {
            Complement::State(s) => self.w(match s {
                State::Spent => "spent",
                State::Equipped => "equipped",
                State::Empty => "empty",
            }),
            Complement::AtMaxValue => self.w("at max value"),
            Complement::Tags { article, tags } => {
                if *article {
                    self.w(article_for(tags.first().map_or("", String::as_str)));
                }
                let n = tags.len();
                for (i, t) in tags.iter().enumerate() {
                    if i > 0 && n > 2 {
                        self.p(",");
                    }
                    if i > 0 && i == n - 1 {
                        self.w("or");
                    }
                    self.w(t);
                }
            }
            Complement::Kind(np) => self.np(np),
        }
    }

    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::ValueOf(np) => {
                self.w("the value of");
                self.np(np);
            }
            Expr::TotalDiscarded => self.w("the total number of discarded cards"),
            Expr::Stat { owner, stat: s } => {
                match owner {
                    Owner::Its(_) => self.w("its"),
                    Owner::Their(_) => self.w("their"),
                    Owner::Of(np) => {
                        self.np(np);
                        self.p("'s");
                    }
                }
                self.w(stat(*s));
            }
        }
    }

    fn np(&mut self, np: &NounPhrase) {
        match &np.node {
            Np::Pronoun { word, .. } => self.w(match word {
                Pronoun::It => "it",
                Pronoun::Them => "them",
                Pronoun::They => "they",
            }),
            Np::TopOfDeck { count } => match count {
                None => self.w("the top card of your deck"),
                Some(n) => self.w(&format!("the top {n} cards of your deck")),
            },
            Np::Rest { .. } => self.w("the rest"),
            Np::Count { count, post, .. } => {
                self.w(&count.to_string());
                self.postmods(post);
            }
            Np::And(a, b) => {
                self.np(a);
                self.w("and");
                self.np(b);
            }
            Np::Phrase(ph) => self.phrase(ph),
        }
        if let Some(r) = &np.reminder {
            self.w(&r.text);
        }
    }

    fn phrase(&mut self, ph: &Phrase) {
        if let Some(o) = ph.owner {
            self.w(if o.another { "another" } else { "a" });
            self.w(if o.rival { "Rival" } else { "player" });
            self.p("'s");
        }
        let mut words: Vec<String> = Vec::new();
        if ph.other {
            words.push("other".into());
        }
        if ph.first {
            words.push("first".into());
        }
        if let Some(p) = ph.participle {
            words.push(
                match p {
                    Participle::Opposing => "opposing",
                    Participle::Discarded => "discarded",
                    Participle::Chosen => "chosen",
                }
                .into(),
            );
        }
        if let Some(o) = ph.orientation {
            words.push(
                match o {
                    Orientation::Spent => "spent",
                    Orientation::Ready => "ready",
                }
                .into(),
            );
        }
        if let Some(c) = ph.controller {
            words.push(
                match c {
                    Controller::Friendly => "friendly",
                    Controller::Rival => "rival",
                }
                .into(),
            );
        }
        if let Some(s) = ph.status {
            words.push(status_word(s).into());
        }
        if let Some(q) = &ph.quality {
            words.push(match q {
                Quality::Tag(t) => t.clone(),
                Quality::Colour(c) => colour(*c).into(),
                Quality::Min => "min".into(),
                Quality::Max => "max".into(),
                Quality::LowestPower => "lowest-power".into(),
            });
        }
        words.push(head_word(&ph.head));
        if let Some(or) = &ph.or {
            words.push("or".into());
            if let Some(s) = or.status {
                words.push(status_word(s).into());
            }
            if let Some(c) = or.colour {
                words.push(colour(c).into());
            }
            words.push(head_word(&or.head));
        }
        let det = match ph.quantity {
            Quantity::Bare => String::new(),
            Quantity::One => article_for(&words[0]).to_string(),
            Quantity::Another => "another".into(),
            Quantity::All => "all".into(),
            Quantity::Each => "each".into(),
            Quantity::This => "this".into(),
            Quantity::That => "that".into(),
            Quantity::The => "the".into(),
            Quantity::Those => "those".into(),
            Quantity::Its => "its".into(),
            Quantity::Your => "your".into(),
            Quantity::Their => "their".into(),
            Quantity::OneOrMore => "one or more".into(),
            Quantity::OneOfTheir => "one of their".into(),
            Quantity::UpTo(n) => format!("up to {n}"),
            Quantity::Exactly(n) => n.to_string(),
            Quantity::AtLeast(n) => format!("{n} or more"),
        };
        self.w(&det);
        for w in &words {
            self.w(w);
        }
        self.postmods(&ph.post);
    }

    fn postmods(&mut self, post: &[Spanned<PostMod>]) {
        for m in post {
            match &m.node {
                PostMod::With(f) => {
                    self.w("with");
                    self.filter(f);
                }
                PostMod::FromZone(z) => self.w(&format!("from {}", zone_list(z))),
                PostMod::FromAmong(np) => {
                    self.w("from among");
                    self.np(np);
                }
                PostMod::FromCard(np) => {
                    self.w("from");
                    self.np(np);
                }
                PostMod::In(z) => self.w(&format!("in {}", zone_list(z))),
                PostMod::OfGigs => self.w("of Gigs"),
                PostMod::AtMaxValue => self.w("at max value"),
            }
        }
    }

    fn filter(&mut self, f: &Filter) {
        match f {
            Filter::Stat { stat: s, cmp } => {
                self.w(stat(*s));
                match cmp {
                    Comparison::Is(n) => self.w(&n.to_string()),
                    Comparison::AtMost(n) => self.w(&format!("{n} or less")),
                    Comparison::AtLeast(n) => self.w(&format!("{n} or more")),
                    Comparison::EqualTo(e) => {
                        self.w("equal to");
                        self.expr(&e.node);
                    }
                    Comparison::AtMostExpr(e) => {
                        self.w("equal to or less than");
                        self.expr(&e.node);
                    }
                    Comparison::HigherThan(e) => {
                        self.w("higher than");
                        self.expr(&e.node);
                    }
                    Comparison::LessThan(e) => {
                        self.w("less than");
                        self.expr(&e.node);
                    }
                }
            }
            Filter::ValueAtLeast(n) => self.w(&format!("{n}+ value")),
            Filter::ValueParity(p) => self.w(match p {
                Parity::Even => "an even value",
                Parity::Odd => "an odd value",
            }),
            Filter::DifferentValues => self.w("different values"),
            Filter::SameSidesAs(_) => self.w("the same number of sides"),
            Filter::LessPowerThan(np) => {
                self.w("less power than");
                self.np(np);
            }
            Filter::NoEquipped(h) => self.w(&format!("no equipped {}", head_word(h))),
            Filter::Keyword(k) => self.w(keyword(*k)),
        }
    }
}

fn status_word(s: Status) -> &'static str {
    match s {
        Status::Equipped => "equipped",
        Status::Unequipped => "unequipped",
        Status::FaceUp => "face-up",
        Status::FaceDown => "face-down",
    }
}

fn np_plural(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(ph) => ph.head.plural,
        Np::Pronoun { word, .. } => *word != Pronoun::It,
        Np::And(..) => true,
        _ => false,
    }
}

// ---- S-expressions ----------------------------------------------------------------------------

/// A compact s-expression of a script, one ability a line, for snapshots:
/// `(triggered (labels play) (sentences (do (defeat b1=(one rival Unit (with power (at_most 4)))))))`.
pub fn sexpr(script: &Script) -> String {
    let mut out = String::new();
    for a in &script.abilities {
        let v = serde_json::to_value(&a.node).unwrap_or(Value::Null);
        out.push_str(&render(&v));
        out.push('\n');
    }
    for b in &script.bindings {
        out.push_str(&format!("b{} = {}\n", b.id.0, b.describes));
    }
    out
}

/// The AST without its spans, for comparisons that ignore where things were written.
pub fn without_spans<T: serde::Serialize>(node: &T) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.remove("span");
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(node).unwrap_or(Value::Null);
    strip(&mut v);
    v
}

fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(m) => m.is_empty(),
        _ => false,
    }
}

/// Keys whose name adds nothing when reading the tree.
const TRANSPARENT: &[&str] = &[
    "node",
    "clause",
    "action",
    "trigger",
    "effect",
    "steps",
    "predicate",
    "what",
    "head",
];

fn render(v: &Value) -> String {
    match v {
        Value::Null => "nil".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => {
            if s.contains(' ') || s.is_empty() {
                format!("{s:?}")
            } else {
                s.clone()
            }
        }
        Value::Array(a) => a.iter().map(render).collect::<Vec<_>>().join(" "),
        Value::Object(m) => render_object(m),
    }
}

fn render_object(m: &serde_json::Map<String, Value>) -> String {
    let has = |k: &str| m.contains_key(k);
    if m.len() == 1 {
        if let Some(Value::Number(n)) = m.get("binding") {
            return format!("b{n}");
        }
    }
    // Spanned<T> and NounPhrase: the node, with the binding it declares
    if has("node") && (has("span") || has("binds")) && m.len() <= 3 {
        let inner = render(&m["node"]);
        return match m.get("binds") {
            Some(Value::Number(n)) => format!("b{n}={inner}"),
            _ => inner,
        };
    }
    if has("head") && has("quantity") {
        return render_phrase(m);
    }
    // a sentence: just its clause, unless something opens it or follows it
    if has("clause") && has("lead") {
        if is_empty(&m["lead"]) && m.get("reminders").is_none_or(is_empty) {
            return render(&m["clause"]);
        }
        return format!("(sentence {})", render_fields(m));
    }
    // a pronoun: `it->b1`
    if has("word") && has("refers_to") {
        return format!("{}->{}", render(&m["word"]), render(&m["refers_to"]));
    }
    // a filter or number on a stat: `(power (at_most 4))`, `(b1 's power)`
    if has("stat") && m.len() == 2 {
        if let Some(cmp) = m.get("cmp") {
            return format!("({} {})", render(&m["stat"]), render(cmp));
        }
        if let Some(owner) = m.get("owner") {
            return format!("({} 's {})", render(owner), render(&m["stat"]));
        }
    }
    if m.len() == 1 {
        if let Some((k, val)) = m.iter().next() {
            if let Value::Object(o) = val {
                if k == "phrase" || k == "pronoun" {
                    return render(val);
                }
                if !is_special(o) {
                    let fields = render_fields(o);
                    let sep = if fields.is_empty() { "" } else { " " };
                    return format!("({k}{sep}{fields})");
                }
            }
            return format!("({k} {})", render(val));
        }
    }
    render_fields(m)
}

/// Objects that render in a form of their own rather than as fields.
fn is_special(o: &serde_json::Map<String, Value>) -> bool {
    let has = |k: &str| o.contains_key(k);
    (o.len() == 1 && has("binding"))
        || has("node")
        || has("head")
        || (has("word") && has("refers_to"))
        || (o.len() == 2 && has("stat") && (has("cmp") || has("owner")))
}

fn render_fields(m: &serde_json::Map<String, Value>) -> String {
    m.iter()
        .filter(|(k, v)| k.as_str() != "span" && !is_empty(v))
        .map(|(k, v)| {
            if TRANSPARENT.contains(&k.as_str()) {
                render(v)
            } else if v == &Value::Bool(true) {
                k.clone()
            } else {
                format!("({k} {})", render(v))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn render_phrase(m: &serde_json::Map<String, Value>) -> String {
    let mut parts: Vec<String> = Vec::new();
    for key in [
        "owner",
        "quantity",
        "refers_to",
        "other",
        "first",
        "participle",
        "orientation",
        "controller",
        "status",
        "quality",
        "head",
        "or",
        "post",
    ] {
        let Some(v) = m.get(key) else { continue };
        if is_empty(v) || v == "bare" {
            continue;
        }
        parts.push(match key {
            "refers_to" => format!("->{}", render(v)),
            "owner" => format!(
                "{}-{}'s",
                if v["another"] == Value::Bool(true) {
                    "another"
                } else {
                    "a"
                },
                if v["rival"] == Value::Bool(true) {
                    "Rival"
                } else {
                    "player"
                }
            ),
            "quantity" => match v {
                Value::Object(q) => q
                    .iter()
                    .map(|(k, n)| format!("{k}-{}", render(n)))
                    .collect::<String>(),
                _ => render(v),
            },
            "other" | "first" => key.to_string(),
            "head" => {
                let noun = render(&v["noun"]);
                if v["plural"] == Value::Bool(true) {
                    format!("{noun}s")
                } else {
                    noun
                }
            }
            "or" => format!(
                "(or {})",
                render_fields(v.as_object().unwrap_or(&serde_json::Map::new()))
            ),
            _ => render(v),
        });
    }
    format!("({})", parts.join(" "))
}

// ---- Explanations -------------------------------------------------------------------------------

/// How a script was read, as an indented tree in plain words: each ability's canonical text, its
/// parts, the words of every noun phrase with the binding it declares (`b1 = …`) or the one it
/// refers to (`it → b1`). `file_text` is the text of the card file the spans point into.
pub fn explain(script: &Script, file_text: &str) -> String {
    let mut out = String::new();
    for (i, a) in script.abilities.iter().enumerate() {
        let text = print_ability(&a.node);
        out.push_str(&format!(
            "ability {}: {}\n",
            i + 1,
            text.replace('\n', " ⏎ ")
        ));
        let v = serde_json::to_value(&a.node).unwrap_or(Value::Null);
        tree(None, &v, 1, file_text, &mut out);
    }
    if !script.bindings.is_empty() {
        out.push_str("bindings:\n");
        for b in &script.bindings {
            out.push_str(&format!("  b{} = {}\n", b.id.0, b.describes));
        }
    }
    out
}

fn words(name: &str) -> String {
    name.replace('_', " ")
}

fn slice<'a>(file_text: &'a str, span: &Value) -> &'a str {
    let n = |k: &str| span.get(k).and_then(Value::as_u64).unwrap_or(0) as usize;
    file_text.get(n("start")..n("end")).unwrap_or("").trim()
}

fn reference(node: &Value) -> Option<String> {
    let r = node
        .get("pronoun")
        .and_then(|p| p.get("refers_to"))
        .or_else(|| node.get("phrase").and_then(|p| p.get("refers_to")))
        .or_else(|| node.get("rest").and_then(|p| p.get("of")))?;
    match r {
        Value::String(s) => Some(s.clone()),
        Value::Object(m) => m.get("binding").map(|n| format!("b{n}")),
        _ => None,
    }
}

/// Where the references inside a noun phrase are listed: indented under it.
fn refs_out<'o>(
    out: &'o mut String,
    depth: usize,
    _file_text: &str,
    _node: &Value,
) -> (&'o mut String, usize) {
    (out, depth + 1)
}

/// Lists `"that Gig" → b2` for the references nested inside a noun phrase (in its filters).
fn collect_references(node: &Value, file_text: &str, (out, depth): (&mut String, usize)) {
    fn walk(v: &Value, top: bool, file_text: &str, out: &mut String, pad: &str) {
        match v {
            Value::Object(m) => {
                if !top {
                    if let (Some(node), Some(span)) = (m.get("node"), m.get("span")) {
                        if m.contains_key("binds") {
                            if let Some(r) = reference(node) {
                                let text = slice(file_text, span);
                                out.push_str(&format!("{pad}(\"{text}\" → {r})\n"));
                            }
                        }
                    }
                }
                for x in m.values() {
                    walk(x, false, file_text, out, pad);
                }
            }
            Value::Array(a) => a.iter().for_each(|x| walk(x, false, file_text, out, pad)),
            _ => {}
        }
    }
    let pad = "  ".repeat(depth);
    walk(node, true, file_text, out, &pad);
}

fn tree(key: Option<&str>, v: &Value, depth: usize, file_text: &str, out: &mut String) {
    let pad = "  ".repeat(depth);
    let label = key.map(|k| format!("{}: ", words(k))).unwrap_or_default();
    match v {
        Value::Null | Value::Bool(false) => {}
        Value::Bool(true) => out.push_str(&format!("{pad}{}\n", words(key.unwrap_or("yes")))),
        Value::Number(n) => match (key.map(words).as_deref(), n.as_u64()) {
            // sentence ids are 0-based in the AST, counted from 1 for readers
            (Some("depends on" | "instead"), Some(i)) => {
                out.push_str(&format!("{pad}{label}sentence {}\n", i + 1))
            }
            _ => out.push_str(&format!("{pad}{label}{n}\n")),
        },
        Value::String(s) => out.push_str(&format!("{pad}{label}{}\n", words(s))),
        Value::Array(a) => {
            for x in a {
                tree(key, x, depth, file_text, out);
            }
        }
        Value::Object(m) => {
            if let (Some(node), Some(span)) = (m.get("node"), m.get("span")) {
                if m.contains_key("binds") {
                    let text = slice(file_text, span);
                    let line = match (m.get("binds"), reference(node)) {
                        (Some(Value::Number(b)), _) => format!("b{b} = \"{text}\""),
                        (_, Some(r)) => format!("\"{text}\" → {r}"),
                        _ => format!("\"{text}\""),
                    };
                    out.push_str(&format!("{pad}{label}{line}\n"));
                    collect_references(node, file_text, refs_out(out, depth, file_text, node));
                    return;
                }
                tree(key, node, depth, file_text, out);
                return;
            }
            let single_variant = m.len() == 1
                && !m.contains_key("binding")
                && !m
                    .values()
                    .next()
                    .is_some_and(|x| x.get("node").is_some() && x.get("span").is_some());
            if single_variant {
                if let Some((k, inner)) = m.iter().next() {
                    let name = match key {
                        Some(key) => format!("{}: {}", words(key), words(k)),
                        None => words(k),
                    };
                    if inner.is_object() || inner.is_array() {
                        out.push_str(&format!("{pad}{name}\n"));
                        tree(None, inner, depth + 1, file_text, out);
                    } else {
                        tree(Some(&name), inner, depth, file_text, out);
                    }
                    return;
                }
            }
            if let Some(Value::Number(n)) = m.get("binding") {
                out.push_str(&format!("{pad}{label}→ b{n}\n"));
                return;
            }
            let header = key
                .map(words)
                .or_else(|| m.contains_key("clause").then(|| "sentence".into()));
            if let Some(h) = &header {
                out.push_str(&format!("{pad}{h}\n"));
            }
            let d = if header.is_some() { depth + 1 } else { depth };
            for (k, x) in m {
                if k == "span" {
                    continue;
                }
                tree(Some(k), x, d, file_text, out);
            }
        }
    }
}
