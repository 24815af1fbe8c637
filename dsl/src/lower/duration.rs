//! Durations: how long a statement lasts, and when it holds (`this turn`, `until your next turn`,
//! `during your turn`, `while attacking`, `the turn it's played`).

use super::effect::Builder;
use crate::prim::{About, Cond, Lasts, Pred, Role, Target, Who};
use crate::source::Span;
use crate::syntax::tree::{
    self as t, Det, DurationPhrase, Noun, Object, Spanned, Turn, Until, Verb,
};

/// What durations say of a statement.
pub(crate) struct Said {
    /// when it holds
    pub when: Vec<Cond>,
    /// how long it lasts
    pub lasts: Lasts,
    /// `the turn it's played`: it may attack despite Lag (rule 11.3.1.1)
    pub despite_lag: bool,
}

impl Builder<'_, '_> {
    /// The player whose turn a turn phrase names: `your turn`, `a Rival's turn`.
    pub(crate) fn turn_owner(&mut self, turn: &Turn, span: Span) -> Who {
        match (turn.det, &turn.owner) {
            (Some(Det::Your) | None | Some(Det::This) | Some(Det::The), None) => Who::You,
            (_, Some(Noun::Rival)) => Who::Rival,
            (Some(Det::Each | Det::Every), Some(Noun::Player)) => Who::Each,
            _ => {
                self.cx
                    .error(span, "whose turn? (`your turn`, `a Rival's turn`)");
                Who::You
            }
        }
    }

    /// What a statement's durations say: conditions on when it holds, how long it lasts.
    pub(crate) fn durations(
        &mut self,
        ds: &[Spanned<DurationPhrase>],
        is_static: bool,
        about: &About,
    ) -> Said {
        let subject = match about {
            About::Target(t) => t.clone(),
            _ => Target::Subject,
        };
        let default = if is_static {
            Lasts::WhileInPlay
        } else {
            Lasts::Indefinite
        };
        let mut said = Said {
            when: Vec::new(),
            lasts: default.clone(),
            despite_lag: false,
        };
        let set = |said: &mut Said, l: Lasts| {
            if !is_static {
                said.lasts = l;
            }
        };
        for d in ds {
            match &d.node {
                DurationPhrase::ThisTurn => set(&mut said, Lasts::ThisTurn),
                DurationPhrase::NextTurn => set(&mut said, Lasts::TheirNextTurn),
                DurationPhrase::Until(Until::Turn(turn)) if turn.next => {
                    let w = self.turn_owner(turn, d.span);
                    if w != Who::You {
                        self.cx
                            .error(d.span, "a statement lasts `until your next turn`");
                    }
                    set(&mut said, Lasts::UntilYourNextTurn);
                }
                DurationPhrase::Until(Until::Point(tp)) if !tp.start => {
                    set(&mut said, Lasts::ThisTurn)
                }
                DurationPhrase::During(turn) => {
                    let w = self.turn_owner(turn, d.span);
                    said.when.push(Cond::TurnOf(w));
                }
                DurationPhrase::While { doing, .. } => {
                    let p = self.doing(doing);
                    said.when.push(Cond::Is(subject.clone(), p));
                    if !is_static && said.lasts == Lasts::Indefinite {
                        said.lasts = Lasts::ThisTurn;
                    }
                }
                DurationPhrase::TurnPlayed { refers_to, .. } => {
                    let of = self.refer(*refers_to);
                    let of = match (about, &of) {
                        (About::Each(_), _) => Target::Subject,
                        _ => of,
                    };
                    said.when.push(Cond::Is(of, Pred::EnteredThisTurn));
                    said.despite_lag = true;
                    set(&mut said, Lasts::ThisTurn);
                }
                DurationPhrase::EachTurn | DurationPhrase::Until(_) | DurationPhrase::At(_) => {
                    self.cx.error(
                        d.span,
                        "this says when something happens, not how long a statement lasts",
                    );
                }
            }
        }
        said
    }

    /// `attacking`, `fighting a Legend`, `blocking`: a role in the current attack.
    fn doing(&mut self, vp: &Spanned<t::VerbPhrase>) -> Pred {
        let verb = vp.node.verbs.first().map(|v| v.node);
        let object = vp.node.objects.iter().find_map(|o| match &o.node {
            Object::Np(np) => Some(np.clone()),
            _ => None,
        });
        match verb {
            Some(Verb::Attack) => Pred::Role(Role::Attacking),
            Some(Verb::Block) => Pred::Role(Role::Blocking),
            Some(Verb::Fight) => {
                let against = object.map_or(Pred::True, |np| self.pred(&np));
                Pred::Fighting(Box::new(against))
            }
            _ => {
                self.cx.error(
                    vp.span,
                    "`while` is followed by `attacking`, `blocking` or `fighting …`",
                );
                Pred::True
            }
        }
    }
}
