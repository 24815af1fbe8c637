//! Labels: the stable human text of every option (a public contract used by scenario files),
//! and plain-words rendering of log entries.
//!
//! Labels are lowercase and start with a verb. Cards appear by id; cards the deciding player
//! does not control are prefixed `rival `; a face-down Legend appears by its 1-based place in
//! the Legends area as set up (`legend 2`), or by its id once the deciding player has looked
//! at it. Two options whose words are the same name copies of a card: each gets what tells its
//! card apart, the first of area, face, spent or ready, a Gear's host, a Unit's Gear, power,
//! lag and {Go Solo} that differs (`resolve modded-kusanagi (spent)` beside `resolve
//! modded-kusanagi (ready)`, `choose mantis-blades (on psycho-squad)`), and `#2` only where none
//! does ([`Game::tell_apart`]). Copies nothing tells apart are one option, not two (rule 10.6,
//! `Game::merge_copies`); the labels from before (`activate dexter-deshawn-off-the-grid #2`) still
//! select it ([`Game::old_labels`]). In the React Step the defending player ends reacting with
//! `pass` (the same word as the Main Phase's pass: both end what the player is doing); when it is their only option it is
//! taken automatically, so scenario steps name it only when a reaction was possible.
//!
//! Card text asks with these labels: `yes`/`no` for a `you may` sentence (rule 10.7);
//! `choose <id>` / `choose rival <id>` / `choose legend 2` for the next card of an effect
//! (rule 10.31; a hand card is named by id, copies told apart as above); `choose d6 (3)` /
//! `choose rival d6 (3)` for a Gig; `choose 3` for how much a Gig changes (`choose +2` and
//! `choose -2` when both directions are offered, `choose 0` for "up to" 0); `choose: draw 1` for a mode of `Choose one effect.` or a way of
//! `A Rival chooses whether …`, by its printed words (`choose mode 2` before; still taken)
//!
//! Activated abilities (rules 10.18–10.20) are `activate <id>`, the id of the card they are used
//! on (a Gear's bottom-textbox ability is its host's, rule 4.11.3); a card with several adds the
//! 1-based number of the ability (`activate <id> 2`: its own in printed order, then each Gear's).
//! A card a cost rule lets its player play in an attack window (`You may also play this Program
//! when a Unit attacks …`) is `play <id>` there, and the card spent for it is `choose <id>`.
//! The attacking player's window (`When a friendly Unit attacks`) ends with `pass`, offered only
//! when something can be used in it.

use super::CardText;
use crate::decision::{Choice, Decision};
use crate::game::Game;
use crate::log::{Event, LogEntry, Names};
use crate::state::{DieId, Frame, InstId, Outcome, PlayerId, Target, Zone};

/// How many properties of a card [`Game::tell_apart`] reads.
const CARD_PROPERTIES: u8 = 8;

impl Game {
    /// A card as the player `viewer` names it.
    fn card_ref(&self, viewer: PlayerId, i: InstId) -> String {
        let id = self.card_id(i);
        match self.state.inst(i) {
            Some(inst) if inst.controller != viewer => format!("rival {id}"),
            _ => id.to_owned(),
        }
    }

    /// A Legend as player `viewer` names it: its id when face-up or when they have looked at it
    /// (rule 5.7.4.2: its place is known to them), else `legend 2`, its place as set up, which
    /// stays the same as other Legends leave the area.
    pub(super) fn legend_ref(&self, viewer: PlayerId, l: InstId) -> String {
        let Some(inst) = self.state.inst(l) else {
            return "?".into();
        };
        if inst.face_up || self.state.seen.contains(&(viewer, l)) {
            return self.card_ref(viewer, l);
        }
        format!("legend {}", self.state.legend_place(l))
    }

    /// How labels named Legend `l` before places and known Legends (README, "Label
    /// changelog"): a face-down Legend by its position in the area at the time.
    pub(super) fn old_legend_ref(&self, l: InstId) -> Option<String> {
        let inst = self.state.inst(l)?;
        let pl = self.state.player(inst.controller);
        let pos = pl.legends.iter().position(|&x| x == l)?;
        (!inst.face_up && inst.zone == Zone::Legends).then(|| format!("legend {}", pos + 1))
    }

    fn die_ref(&self, d: DieId) -> String {
        match self.state.dice.get(d.0 as usize) {
            Some(die) => format!("d{}", die.sides),
            None => "d?".into(),
        }
    }

    /// The label of a choice before what tells copies apart (`(spent)`, `#2`).
    pub(crate) fn base_label(&self, d: &Decision, c: Choice) -> String {
        let v = d.player;
        match c {
            Choice::GoFirst => "go first".into(),
            Choice::GoSecond => "go second".into(),
            Choice::Mulligan => "mulligan".into(),
            Choice::Keep => "keep".into(),
            Choice::Roll(die) => format!("roll {}", self.die_ref(die)),
            Choice::Sell(i) => format!("sell {}", self.card_ref(v, i)),
            Choice::Call(l) => format!("call {}", self.legend_ref(v, l)),
            Choice::Play(i) => format!("play {}", self.card_ref(v, i)),
            Choice::PlayFromLegends(l) => format!("play {} from legends", self.card_ref(v, l)),
            Choice::GoSolo(l) => format!("go solo {}", self.card_ref(v, l)),
            Choice::PayWith { eddies, legends } => {
                let mut ways = Vec::with_capacity(4);
                match eddies {
                    0 => {}
                    1 => ways.push("1 Eddie".to_owned()),
                    n => ways.push(format!("{n} Eddies")),
                }
                ways.extend(self.legends_at(v, legends).map(|l| self.legend_ref(v, l)));
                format!("pay {} €$: {}", c.pays(), ways.join(" + "))
            }
            Choice::PayEddie => "pay with eddie".into(),
            Choice::PayLegend(l) => format!("pay with {}", self.legend_ref(v, l)),
            Choice::EquipTo(h) => {
                let gear = match self.state.frames.last() {
                    Some(Frame::Equip { gear }) => self.card_id(*gear).to_owned(),
                    _ => "?".into(),
                };
                format!("equip {gear} to {}", self.card_ref(v, h))
            }
            Choice::Attack { attacker, target } => {
                let t = match target {
                    Target::Unit(u) => self.card_ref(v, u),
                    Target::Gigs(p) if p == v => "gigs".into(),
                    Target::Gigs(_) => "rival gigs".into(),
                };
                format!("attack {t} with {}", self.card_ref(v, attacker))
            }
            Choice::Block(u) => format!("block with {}", self.card_ref(v, u)),
            Choice::ChooseGig(die) => match self.state.dice.get(die.0 as usize) {
                Some(x) => format!("choose d{} ({})", x.sides, x.value),
                None => "choose d?".into(),
            },
            Choice::Resolve(seq) => self.resolve_label(d, seq),
            Choice::Pass => "pass".into(),
            Choice::EndReactions => "pass".into(),
            Choice::Yes => "yes".into(),
            Choice::No => "no".into(),
            Choice::Gig(die) => match self.state.dice.get(die.0 as usize) {
                Some(x) if x.area == crate::state::DieArea::Gigs(v) => {
                    format!("choose d{} ({})", x.sides, x.value)
                }
                Some(x) => format!("choose rival d{} ({})", x.sides, x.value),
                None => "choose d?".into(),
            },
            Choice::Mode(m) => match self.text().way_words(self, m) {
                Some(words) => format!("choose: {}", way_label(words)),
                None => format!("choose mode {}", u32::from(m) + 1),
            },
            Choice::Activate { card, source, line } => {
                self.text().activation_label(self, card, source, line)
            }
            Choice::PlayAlso(i) => format!("play {}", self.card_ref(v, i)),
            Choice::Number(n) => {
                let both = d
                    .options
                    .iter()
                    .any(|c| matches!(c, Choice::Number(k) if *k > 0))
                    && d.options
                        .iter()
                        .any(|c| matches!(c, Choice::Number(k) if *k < 0));
                if both && n != 0 {
                    format!("choose {n:+}")
                } else {
                    format!("choose {}", n.unsigned_abs())
                }
            }
            Choice::CardType(k) => format!("choose {}", type_name(k)),
            Choice::Card(i) => match self.state.inst(i) {
                Some(x) if x.zone == Zone::Legends => format!("choose {}", self.legend_ref(v, i)),
                _ => format!("choose {}", self.card_ref(v, i)),
            },
        }
    }

    /// `resolve <id>`; beside another pending effect of a card of the same id, what it is about:
    /// its trigger when the two are different abilities (`resolve kerry-…: when you roll a min
    /// or max value on a Gig`), else the Gig or card its event gave it (`resolve v-roamer-… for
    /// d8 (2)`); `#2` is added only where nothing tells them apart.
    fn resolve_label(&self, d: &Decision, seq: u32) -> String {
        let pending = |s: u32| self.state.pending.iter().find(|e| e.seq == s);
        let Some(e) = pending(seq) else {
            return "resolve ?".into();
        };
        let base = format!("resolve {}", self.card_ref(d.player, e.source));
        let twins: Vec<_> = (d.options.iter())
            .filter_map(|c| match *c {
                Choice::Resolve(s) if s != seq => pending(s),
                _ => None,
            })
            .filter(|o| self.card_id(o.source) == self.card_id(e.source))
            .collect();
        if twins.is_empty() {
            return base;
        }
        if twins.iter().any(|o| o.effect != e.effect) {
            if let Some(trigger) = self.trigger_words(e) {
                return format!("{base}: {trigger}");
            }
        }
        // The first object its event gave it that differs from each twin's (the stolen Gig,
        // where both were made pending by one stealing Unit).
        let about = self.pending_about(d.player, seq);
        let theirs: Vec<Vec<Option<String>>> = (twins.iter())
            .map(|o| self.pending_about(d.player, o.seq))
            .collect();
        let told = (about.iter().enumerate()).find_map(|(k, a)| {
            let a = a.as_ref()?;
            (theirs.iter())
                .all(|t| t.get(k).and_then(Option::as_ref) != Some(a))
                .then_some(a)
        });
        match told {
            Some(a) => format!("{base} for {a}"),
            None => base,
        }
    }

    /// Tells apart options whose labels are the same words (`labels`, the options' labels so
    /// far) by what tells their cards apart: the first of these that differs between the
    /// cards (`resolve modded-kusanagi (spent)`, `resolve modded-kusanagi (ready)`), then the
    /// next for those it leaves alike: the area (`in trash`), the face (`face-down`), spent or
    /// ready, a Gear's host (`on japantown-jonin`), a Unit's Gear (`with mantis-blades`, `with
    /// no gear`), power (`power 8`), lag (`lagging`), {Go Solo} (`gone solo`). Where nothing
    /// does, `#2` is added after (`Game::labels`).
    pub(crate) fn tell_apart(&self, d: &Decision, labels: &mut [String]) {
        let mut done = vec![false; labels.len()];
        for i in 0..labels.len() {
            if done[i] {
                continue;
            }
            let group: Vec<usize> = (i..labels.len())
                .filter(|&j| labels[j] == labels[i])
                .collect();
            for &j in &group {
                done[j] = true;
            }
            if group.len() > 1 {
                self.tell_group_apart(d, labels, &group, 0);
            }
        }
    }

    fn tell_group_apart(&self, d: &Decision, labels: &mut [String], group: &[usize], from: u8) {
        let cards: Vec<[Option<InstId>; 2]> = (group.iter())
            .map(|&j| self.named_cards(d.options[j]))
            .collect();
        // The card of the options that differs: the first place they name different cards.
        let Some(place) = (0..2).find(|&k| cards.iter().any(|c| c[k] != cards[0][k])) else {
            return;
        };
        for p in from..CARD_PROPERTIES {
            let words: Option<Vec<String>> = (cards.iter())
                .map(|c| self.card_words(d.player, c[place]?, p))
                .collect();
            let Some(words) = words else { continue };
            if words.iter().all(|w| *w == words[0]) {
                continue;
            }
            for (&j, w) in group.iter().zip(&words) {
                let l = &mut labels[j];
                // An attack's target is told apart where the label names it.
                match (d.options[j], place, l.rfind(" with ")) {
                    (Choice::Attack { .. }, 0, Some(at)) => l.insert_str(at, &format!(" ({w})")),
                    _ => l.push_str(&format!(" ({w})")),
                }
            }
            let mut left: Vec<usize> = group.to_vec();
            while let Some(&first) = left.first() {
                let (same, other): (Vec<usize>, Vec<usize>) =
                    left.iter().partition(|&&j| labels[j] == labels[first]);
                if same.len() > 1 {
                    self.tell_group_apart(d, labels, &same, p + 1);
                }
                left = other;
            }
            return;
        }
    }

    /// The cards an option names, in the order its label names them (`attack <target> with
    /// <attacker>`, `activate <card>` with a Gear's ability, the pending effect's card).
    fn named_cards(&self, c: Choice) -> [Option<InstId>; 2] {
        match c {
            Choice::Resolve(seq) => {
                let e = self.state.pending.iter().find(|e| e.seq == seq);
                [e.map(|e| e.source), None]
            }
            c => c.cards(),
        }
    }

    /// Property `p` of card `i` in words, as `viewer` sees it (see [`Game::tell_apart`]);
    /// `None` where the card has none (a host for a card not equipped).
    fn card_words(&self, viewer: PlayerId, i: InstId, p: u8) -> Option<String> {
        let x = self.state.inst(i)?;
        let yes_no = |b: bool, yes: &str, no: &str| Some(if b { yes } else { no }.to_owned());
        match p {
            0 => Some(format!("in {}", x.zone.as_str())),
            1 => yes_no(x.face_up, "face-up", "face-down"),
            2 => yes_no(x.spent, "spent", "ready"),
            3 => Some(format!("on {}", self.card_ref(viewer, x.equipped_to?))),
            4 => {
                let gear: Vec<&str> = self.gear_on(i).map(|g| self.card_id(g)).collect();
                Some(match gear.is_empty() {
                    true => "with no gear".into(),
                    false => format!("with {}", gear.join(" and ")),
                })
            }
            5 => Some(format!("power {}", self.power_of(i))),
            6 => yes_no(x.lag, "lagging", "not lagging"),
            7 => yes_no(x.go_solo, "gone solo", "not gone solo"),
            _ => None,
        }
    }

    /// The words of a pending effect's trigger: `when you roll a min or max value on a Gig`.
    fn trigger_words(&self, e: &crate::state::Pending) -> Option<String> {
        let crate::state::EffectRef::Text { line } = e.effect else {
            return None;
        };
        let card = self.state.inst(e.source)?.card;
        let words = self.pool.ability_words(card, line)?;
        let trigger = words.split(',').next()?.trim();
        let mut c = trigger.chars();
        let first = c.next()?;
        Some(first.to_lowercase().chain(c).collect())
    }

    /// The Gig or card each slot its event gave a pending effect holds first, as `viewer`
    /// names it (`None`: a player, or nothing).
    fn pending_about(&self, viewer: PlayerId, seq: u32) -> Vec<Option<String>> {
        let Some(binds) = self.state.pending_binds.iter().find(|b| b.seq == seq) else {
            return Vec::new();
        };
        (binds.slots.iter())
            .map(|(_, val)| match val {
                crate::state::Val::Objs { objs, .. } => objs.iter().find_map(|o| match *o {
                    crate::state::Obj::Gig(die) => {
                        let x = self.state.dice.get(die.0 as usize)?;
                        let rival = if x.area == crate::state::DieArea::Gigs(viewer) {
                            ""
                        } else {
                            "rival "
                        };
                        Some(format!("{rival}d{} ({})", x.sides, x.value))
                    }
                    crate::state::Obj::Card(i) => Some(self.card_ref(viewer, i)),
                    crate::state::Obj::Player(_) => None,
                }),
                _ => None,
            })
            .collect()
    }

    /// The label an option had before it was renamed (README, "Label changelog"), which steps,
    /// `decision =` and saves still take: `choose mode 2` for a mode now named by its words.
    pub(crate) fn old_label(&self, d: &Decision, c: Choice) -> Option<String> {
        match c {
            Choice::Mode(m) => Some(format!("choose mode {}", u32::from(m) + 1)),
            Choice::Call(l) => Some(format!("call {}", self.old_legend_ref(l)?)),
            Choice::PayLegend(l) => Some(format!("pay with {}", self.old_legend_ref(l)?)),
            Choice::Card(l) => Some(format!("choose {}", self.old_legend_ref(l)?)),
            Choice::Resolve(seq) => {
                let e = self.state.pending.iter().find(|e| e.seq == seq)?;
                let base = format!("resolve {}", self.card_ref(d.player, e.source));
                (self.resolve_label(d, seq) != base).then_some(base)
            }
            _ => None,
        }
    }

    /// A log entry in plain words, players named by seat: `p0: play chrome-fang`,
    /// `p1 draws chrome-fang`.
    pub fn describe(&self, e: &LogEntry) -> String {
        self.describe_with(e, &Names::SEATS)
    }

    /// A log entry in plain words with the players named by `names` (rulings use `me` and
    /// `rival`). Only facts that never change are read from the state (card ids, die sides and
    /// owners), so an old entry reads the same later.
    pub fn describe_with(&self, e: &LogEntry, names: &Names<'_>) -> String {
        let who = |p: PlayerId| names.who[p.ix()];
        let card = |i: InstId| self.card_id(i).to_owned();
        let die = |d: DieId| match self.state.dice.get(d.0 as usize) {
            Some(x) => format!("{} d{}", names.whose[x.owner.ix()], x.sides),
            None => "d?".into(),
        };
        let whose = |i: InstId| {
            self.state
                .inst(i)
                .map_or("?", |x| names.whose[x.owner.ix()])
        };
        match e {
            LogEntry::Choice {
                player,
                label,
                auto,
            } => {
                let how = if *auto { " (only option)" } else { "" };
                format!("{}: {label}{how}", who(*player))
            }
            LogEntry::Event(ev) => match *ev {
                Event::ChosenToPickOrder(p) => {
                    let is = names.verb(p, "is", "are");
                    format!("{} {is} chosen to pick the order", who(p))
                }
                Event::GoesFirst(p) => format!("{} {} first", who(p), names.verb(p, "goes", "go")),
                Event::Shuffled(p) => {
                    let (v, their) = (names.verb(p, "shuffles", "shuffle"), names.their(p));
                    format!("{} {v} {their} deck", who(p))
                }
                Event::ShuffledLegends(p) => {
                    let (v, their) = (names.verb(p, "shuffles", "shuffle"), names.their(p));
                    format!("{} {v} {their} legends", who(p))
                }
                Event::Mulliganed(p) => {
                    format!("{} {}", who(p), names.verb(p, "mulligans", "mulligan"))
                }
                Event::Kept(p) => format!("{} {}", who(p), names.verb(p, "keeps", "keep")),
                // Read by a player, a turn is theirs or their rival's.
                Event::TurnBegan { turn, player } if names.you.contains(&true) => {
                    format!("turn {turn}: {} turn", names.whose[player.ix()])
                }
                Event::TurnBegan { turn, player } => format!("turn {turn}: {}", who(player)),
                Event::StartOfTurn(p) if names.you.contains(&true) => {
                    format!("start of {} turn: its effects trigger", names.whose[p.ix()])
                }
                Event::StartOfTurn(p) => format!("{} start of turn effects", who(p)),
                Event::TurnEnding(p) => {
                    format!("{} {} the turn", who(p), names.verb(p, "ends", "end"))
                }
                Event::Drew { player, inst } => {
                    let v = names.verb(player, "draws", "draw");
                    format!("{} {v} {}", who(player), card(inst))
                }
                Event::DrewFromEmpty(p) => {
                    let v = names.verb(p, "draws", "draw");
                    format!("{} {v} from an empty deck", who(p))
                }
                Event::Readied(i) => format!("{} readies", card(i)),
                Event::Spent(i) => format!("{} is spent", card(i)),
                Event::RolledIn { die: d, value } => format!("{} rolls {value}", die(d)),
                Event::Sold(i) => format!("{} is sold", card(i)),
                Event::Called(i) => format!("{} is called", card(i)),
                Event::Played(i) => format!("{} is played", card(i)),
                Event::ProgramResolved(i) => format!("{} resolves", card(i)),
                Event::Equipped { gear, host } => {
                    format!("{} is equipped to {}", card(gear), card(host))
                }
                // The owner's name goes with a player's area; a resolving Program is in none.
                Event::Moved {
                    inst,
                    from: Zone::Resolving,
                    to,
                } => format!(
                    "{} moves from resolving to {} {}",
                    card(inst),
                    whose(inst),
                    to.as_str()
                ),
                Event::Moved { inst, from, to } => format!(
                    "{} moves from {} {} to {}",
                    card(inst),
                    whose(inst),
                    from.as_str(),
                    to.as_str()
                ),
                Event::Attacked { attacker, target } => match target {
                    Target::Unit(u) => format!("{} attacks {}", card(attacker), card(u)),
                    Target::Gigs(p) => {
                        format!("{} attacks {} gigs", card(attacker), names.whose[p.ix()])
                    }
                },
                Event::Blocked(u) => format!("{} blocks", card(u)),
                Event::ReactionsEnded => "reactions end".into(),
                Event::Fight { attacker, defender } => format!("fight {attacker} vs {defender}"),
                Event::LostFight(i) => format!("{} loses the fight", card(i)),
                Event::Defeated(i) => format!("{} is defeated", card(i)),
                Event::WillSteal(n) => format!("steals {n}"),
                Event::WouldSteal(d) => format!("{} is chosen to be stolen", die(d)),
                Event::Stolen { die: d, by } => {
                    format!(
                        "{} {} {}",
                        who(by),
                        names.verb(by, "steals", "steal"),
                        die(d)
                    )
                }
                Event::Swapped { a, b } => format!("{} and {} are swapped", die(a), die(b)),
                Event::AttackEnded => "the attack ends".into(),
                Event::Prevented { kind, source } if names.you.contains(&true) => {
                    format!("{} prevents {}", card(source), action_words(kind))
                }
                Event::Prevented { kind, source } => {
                    format!("{} prevents {kind:?}", card(source))
                }
                Event::Resolved { source, .. } => format!("{} resolves its effect", card(source)),
                Event::NotExecuted { source, line } => {
                    let words = self
                        .state
                        .inst(source)
                        .and_then(|x| self.pool.not_executed(x.card, line))
                        .unwrap_or("?");
                    format!("not executed: {words} ({})", card(source))
                }
                Event::PowerChanged { inst, by } => format!("{} gets {by:+} power", card(inst)),
                Event::Adjusted { die: d, from, to } => {
                    format!("{} goes from {from} to {to}", die(d))
                }
                Event::LagLost => "units lose lag".into(),
                Event::Rerolled { die: d, value } => format!("{} is rerolled: {value}", die(d)),
                Event::NotStolen(d) => format!("{} isn't stolen", die(d)),
                Event::DelayedCreated(i) => format!("{} sets up a delayed effect", card(i)),
                Event::OvertimeBegan => "overtime begins".into(),
                Event::GameOver(Outcome::Winner(p)) => {
                    format!("{} {}", who(p), names.verb(p, "wins", "win"))
                }
                Event::GameOver(Outcome::Tie) => "the game is a tie".into(),
                Event::Revealed(i) => format!("{} is revealed", card(i)),
                Event::LookedAt { player, inst } => {
                    let v = names.verb(player, "looks", "look");
                    format!("{} {v} at {}", who(player), card(inst))
                }
                Event::Searched { player, count } => {
                    let (v, their) = (
                        names.verb(player, "searches", "search"),
                        names.their(player),
                    );
                    format!("{} {v} the top {count} of {their} deck", who(player))
                }
                Event::Stated {
                    source,
                    target: Some(t),
                } => format!("{} is affected by {}", card(t), card(source)),
                Event::Stated {
                    source,
                    target: None,
                } => format!("{} makes a lasting statement", card(source)),
                Event::Granted { inst, keyword } => {
                    format!("{} gets {}", card(inst), keyword_name(keyword))
                }
                Event::Replaced { source, affected } => {
                    format!("{} replaces the defeat of {}", card(source), card(affected))
                }
            },
        }
    }
}

impl Zone {
    /// Parses a zone name as [`Zone::as_str`] writes it.
    pub fn parse(s: &str) -> Option<Zone> {
        Some(match s {
            "deck" => Zone::Deck,
            "hand" => Zone::Hand,
            "field" => Zone::Field,
            "legends" => Zone::Legends,
            "eddies" => Zone::Eddies,
            "trash" => Zone::Trash,
            "removed" => Zone::Removed,
            _ => return None,
        })
    }
}

/// The label word of a card type, as [`Choice::CardType`] numbers them (rule 3.3).
pub(crate) fn type_name(k: u8) -> &'static str {
    match k {
        0 => "unit",
        1 => "gear",
        2 => "program",
        _ => "legend",
    }
}

/// An action in words, for a player's reading of the log.
fn action_words(k: crate::state::ActionKind) -> &'static str {
    use crate::state::ActionKind as K;
    match k {
        K::Draw => "a draw",
        K::Move => "a move",
        K::Defeat => "a defeat",
        K::Spend => "spending a card",
        K::Ready => "readying a card",
        K::Sell => "a sale",
        K::Flip => "a flip",
        K::Equip => "equipping a Gear",
        K::Steal => "a steal",
        K::RollIn => "rolling in a Gig",
        K::BottomDeck => "putting cards on the bottom of a deck",
        K::Trash => "trashing the top card of a deck",
        K::Swap => "a swap of Gigs",
        K::Adjust => "adjusting a Gig",
    }
}

/// A keyword as card text writes it.
fn keyword_name(k: gigscript_dsl::Keyword) -> &'static str {
    match k {
        gigscript_dsl::Keyword::Blocker => "{Blocker}",
        gigscript_dsl::Keyword::Quick => "{Quick}",
        gigscript_dsl::Keyword::GoSolo => "{Go Solo}",
        gigscript_dsl::Keyword::Adrenaline => "{Adrenaline}",
    }
}

/// A mode's or a way's printed words as a label: `Draw 1.` → `draw 1`, `Spend a rival Unit.` →
/// `spend a rival Unit` (a word that is capitalised anywhere, such as `Rival`, keeps its capital).
fn way_label(words: &str) -> String {
    let words = words.trim().trim_end_matches('.').trim_end();
    let first = words.split_whitespace().next().unwrap_or("");
    let capitalised_anyway = [
        "Rival", "Rivals", "Unit", "Units", "Legend", "Legends", "Gear", "Program", "Programs",
        "Gig", "Gigs", "Eddie", "Eddies", "Red", "Green", "Blue", "Yellow",
    ];
    let is_tag = first.len() > 1 && first.chars().all(|c| !c.is_ascii_lowercase());
    if capitalised_anyway.contains(&first) || is_tag {
        return words.to_owned();
    }
    let mut c = words.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use gigscript_dsl::ruling::RulingsFile;

    /// The game at the position of a ruling (TOML), after its steps, each an exact label (or
    /// a label from before a rename).
    fn game(ruling: &str) -> Game {
        let r = RulingsFile::parse_each(ruling).unwrap().remove(0).unwrap();
        let pool = crate::testing::pool();
        let setup = crate::scenario::ruling_setup(&pool, &r).unwrap();
        let mut g = Game::from_setup(pool, &setup).unwrap();
        for step in &r.steps {
            g.apply_label(step)
                .unwrap_or_else(|e| panic!("{step}: {e}"));
        }
        g
    }

    fn labels(g: &Game) -> Vec<String> {
        g.labels(&g.decision().unwrap())
    }

    fn logged(g: &Game) -> Vec<String> {
        crate::scenario::render_log(g)
    }

    const TWO_DEXTERS: &str = r#"
        [[ruling]]
        name = "two face-up copies of a Legend"
        [ruling.me]
        legends = [{ card = "dexter-deshawn-off-the-grid", face_up = true }, { card = "dexter-deshawn-off-the-grid", face_up = true }]
        gigs = ["d6:4"]
    "#;

    #[test]
    fn interchangeable_copies_are_one_option() {
        let g = game(TWO_DEXTERS);
        let activate: Vec<_> = (labels(&g).into_iter())
            .filter(|l| l.starts_with("activate "))
            .collect();
        assert_eq!(activate, ["activate dexter-deshawn-off-the-grid"]);
        // The label before (README, "Label changelog") still selects the one option.
        let d = g.decision().unwrap();
        let ix = g.old_label_option(&d, "activate dexter-deshawn-off-the-grid #2");
        assert_eq!(
            ix.map(|i| labels(&g)[i].clone()).as_deref(),
            Some(activate[0].as_str())
        );
        let mut g = g;
        g.apply_label("activate dexter-deshawn-off-the-grid #2")
            .unwrap();
        assert_eq!(logged(&g)[0], "me: activate dexter-deshawn-off-the-grid");
    }

    #[test]
    fn copies_on_one_host_are_one_option_copies_on_two_are_told_apart_by_it() {
        let one_host = game(
            r#"
            [[ruling]]
            name = "two copies of a Gear on one Unit"
            steps = ["play detonate"]
            [ruling.me]
            hand = ["detonate"]
            eddies = 1
            [ruling.rival]
            field = [{ card = "psycho-squad", gear = ["mantis-blades", "mantis-blades"] }]
        "#,
        );
        assert!(
            logged(&one_host).contains(&"me: choose rival mantis-blades (only option)".to_owned())
        );
        let two_hosts = game(
            r#"
            [[ruling]]
            name = "copies of a Gear on two Units"
            steps = ["play detonate"]
            [ruling.me]
            hand = ["detonate"]
            eddies = 1
            [ruling.rival]
            field = [{ card = "psycho-squad", gear = ["mantis-blades"] }, { card = "swordwise-huscle", gear = ["mantis-blades"] }]
        "#,
        );
        assert_eq!(
            labels(&two_hosts),
            [
                "choose rival mantis-blades (on rival psycho-squad)",
                "choose rival mantis-blades (on rival swordwise-huscle)"
            ]
        );
    }

    #[test]
    fn copies_that_differ_are_told_apart_in_words() {
        let g = game(
            r#"
            [[ruling]]
            name = "two copies of Modded Kusanagi, one spent"
            steps = ["pass"]
            [ruling.me]
            field = ["modded-kusanagi", "psycho-squad", { card = "modded-kusanagi", spent = true }]
            [ruling.rival]
            fixer = []
        "#,
        );
        assert_eq!(
            labels(&g),
            [
                "resolve modded-kusanagi (ready)",
                "resolve modded-kusanagi (spent)"
            ]
        );
        let d = g.decision().unwrap();
        assert_eq!(
            g.old_label_option(&d, "resolve modded-kusanagi #2"),
            Some(1)
        );
        assert_eq!(g.old_label_option(&d, "resolve modded-kusanagi"), Some(0));
        let g = game(
            r#"
            [[ruling]]
            name = "a Gear for one of two copies of a Unit, one spent"
            steps = ["play mantis-blades"]
            [ruling.me]
            hand = ["mantis-blades"]
            eddies = 3
            field = ["psycho-squad", { card = "psycho-squad", spent = true }]
        "#,
        );
        let equip: Vec<_> = (labels(&g).into_iter())
            .filter(|l| l.starts_with("equip "))
            .collect();
        assert_eq!(
            equip,
            [
                "equip mantis-blades to psycho-squad (ready)",
                "equip mantis-blades to psycho-squad (spent)"
            ]
        );
    }
}
