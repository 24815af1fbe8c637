//! The syntax tree of card text: what the words say, slot by slot, with every back-reference
//! resolved.
//!
//! The tree has few node kinds and every slot takes every filler of its family: a [`Clause`] is
//! an optional subject, a modal and verb phrases; a [`VerbPhrase`] is verbs with their objects
//! and adjuncts, the same node for an order (`Draw 2`), a rule (`can't attack`), an event
//! (`steals a Gig`), a would-event (`would be defeated`) and a past fact (`stole a Gig this
//! turn`); a [`NounPhrase`] is a determiner, pre-modifiers, nouns and post-modifiers. What a
//! sentence *does* (an effect, a static rule, a cost rule, a replacement) is decided by lowering,
//! not here: there is no `Static` or `CostRule` line, only [`Ability::Plain`].
//!
//! Every node keeps the [`Span`] it was read from (bytes into the card file). A noun phrase that
//! introduces a referent declares a [`BindingId`]; every back-reference (`it`, `them`, `they`,
//! `its`, `their`, `that Gig`, `the rest`, `the opposing rival Unit`, `the chosen type`,
//! `the discarded card`, `If you do`, `Otherwise`, `instead`, `the turn it's played`) names what
//! it refers to, a [`Ref`] or a [`SentenceId`]. Reminder text is kept for printing and means
//! nothing. Indices are `u32`: a script may have any number of lines and sentences.

pub use crate::card::Color;
pub use crate::source::Span;

/// A node with the place it was read from.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Spanned<T> {
    /// the node
    pub node: T,
    /// where it was written (bytes into the card file)
    pub span: Span,
}

// ---- Cards, scripts, abilities ----------------------------------------------------------------

/// Which textbox a script was read from (rule 4.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Textbox {
    /// the rules text; on a Gear, its bottom textbox, where `this Unit` is the card it is equipped to
    Rules,
    /// a Gear's top textbox, about the Gear itself
    Top,
}

/// Both textboxes of a card, as read.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CardTree {
    /// the card id
    pub id: String,
    /// a Gear's top textbox
    pub top: Option<Script>,
    /// the rules text
    pub text: Script,
}

/// One textbox: its abilities, one a line, and the referents they introduce.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Script {
    /// which textbox
    pub textbox: Textbox,
    /// the abilities in printed order (a modal ability spans two lines)
    pub abilities: Vec<Spanned<Ability>>,
    /// every referent introduced by a noun phrase or an event, by id (`b1` is `bindings[0]`)
    pub bindings: Vec<Binding>,
}

/// A referent introduced by a noun phrase or an event: `b1 = a rival Unit`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Binding {
    /// its id
    pub id: BindingId,
    /// what it is, in the card's words
    pub describes: String,
    /// what kind of thing it is
    pub kind: Kind,
    /// whether it stands for several things
    pub plural: bool,
    /// where it is introduced
    pub span: Span,
}

/// The id of a binding, unique in a script (`b1`, `b2`, …), counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct BindingId(pub u32);

/// A sentence of an ability, counted from 0 in reading order: the sentences of a modal ability's
/// line first, then the sentences of its modes, mode after mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct SentenceId(pub u32);

/// What a reference points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Ref {
    /// `this Unit`, `this Program`, `this card`: the card itself
    This,
    /// `this Unit` in a Gear's rules text: the card the Gear is equipped to (rule 4.11)
    Host,
    /// `you`, `your`: the player who controls the card
    You,
    /// `these effects`, `both`: the modes of the ability
    Modes,
    /// something introduced earlier in the same ability
    #[serde(rename = "binding")]
    Binding(BindingId),
}

/// The broad kind of a referent, used to resolve `that Gig`, `its power`, `their hand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Kind {
    /// a Unit (or a Unit or Legend)
    Unit,
    /// a Legend
    Legend,
    /// a Gear
    Gear,
    /// a Program
    Program,
    /// a card of any type (in a hand, deck or trash)
    Card,
    /// a Gig die
    Gig,
    /// a player
    Player,
    /// a card type
    CardType,
    /// an Eddie
    Eddie,
    /// a fight
    Fight,
    /// a zone: `a Rival's hand`
    Zone,
    /// anything else a noun names (`the result`, an effect)
    Thing,
}

/// Reminder text in parentheses (rule 3.18.1.2.2): printed back, never executed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Reminder {
    /// the text with its parentheses
    pub text: String,
    /// where it is
    pub span: Span,
}

/// One ability: one line (rule 10.1.1), or two for a modal ability.
///
/// There is no static, cost-rule, replacement or resolution variant: those are [`Ability::Plain`]
/// lines whose meaning lowering decides from the card type and the sentences' shapes
/// (`Play this Unit for -1 €$ …` is a cost rule; `If this Unit would be defeated, … instead.` a
/// replacement; on a Program, a plain line is its resolution, rule 4.14).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Ability {
    /// `{Blocker} (You may spend this Unit …)`: a keyword written as a line makes the card have it
    Keyword {
        /// the keyword
        keyword: Spanned<Keyword>,
        /// its reminder text
        reminder: Option<Reminder>,
    },
    /// `(Units with power 0 don't steal Gigs.)`
    Reminder(Vec<Reminder>),
    /// `"One cut, one kill."`: flavour text printed in the text box (no meaning); the text without its quotes
    Flavour(Spanned<String>),
    /// `{Play} {Attack} …`, `When …, …`, `At the end of your turn, …`, `The first time … each turn, …`
    Triggered {
        /// when it triggers
        trigger: Spanned<TriggerPhrase>,
        /// what it does
        effect: Effect,
    },
    /// `{Quick} 1 €$, {Spend}: …`, `When a rival Unit attacks, {Spend}: …` (rule 10.19)
    Activated {
        /// `{Quick}`
        quick: bool,
        /// `When <event>,`: the window in which it may be activated
        window: Option<Spanned<EventPhrase>>,
        /// the costs before the colon
        costs: Vec<Spanned<Cost>>,
        /// what it does
        effect: Effect,
    },
    /// `Draw 2.`, `This Unit can't attack.`, `{Quick} Defeat a rival Gear …`: any other line of
    /// sentences, with an optional leading `{Quick}`
    Plain {
        /// `{Quick}`
        quick: bool,
        /// the sentences
        effect: Effect,
    },
}

/// A keyword (rules 11.23–11.26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Keyword {
    /// `{Blocker}`
    Blocker,
    /// `{Quick}`
    Quick,
    /// `{Go Solo}`
    GoSolo,
    /// `{Adrenaline}`
    Adrenaline,
}

/// A timing label (rules 11.17–11.21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Label {
    /// `{Play}`
    Play,
    /// `{Attack}`
    Attack,
    /// `{Defeated}`
    Defeated,
    /// `{Call}`
    Call,
    /// `{Flip}` (alpha; the same trigger as `{Call}`)
    Flip,
}

/// When a triggered ability triggers.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum TriggerPhrase {
    /// `{Play} {Attack}`
    Labels(Vec<Spanned<Label>>),
    /// `When <event>,`, `Whenever <event>,`
    When {
        /// written `Whenever`
        ever: bool,
        /// what happens
        event: Spanned<EventPhrase>,
    },
    /// `The first time <event> each turn,` (the `each turn` is not part of the event)
    FirstTime(Spanned<EventPhrase>),
    /// `At the start of your turn,`, `At the end of each player's turn,`
    At(Spanned<TurnPoint>),
}

/// An activation cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Cost {
    /// `{Spend}`: spend this card (or the card it is equipped to)
    Spend,
    /// `2 €$`
    Eddies(u32),
}

/// What an ability does: sentences, or a modal effect.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Effect {
    /// sentences resolved in order: `Trash 3. Add a Unit from among them to your hand.`
    Sentences(Vec<Spanned<Sentence>>),
    /// The sentences of the line (the head `Choose one effect.` or `Give a friendly Unit these
    /// effects.`, with a cost sentence before it or a rule after it: `If …, choose both
    /// instead.`), then, on the next line, modes separated by ` // `.
    Modal {
        /// the sentences of the first line
        lead: Vec<Spanned<Sentence>>,
        /// the modes, each one or more sentences
        modes: Vec<Vec<Spanned<Sentence>>>,
    },
}

// ---- Sentences and clauses ----------------------------------------------------------------------

/// A sentence: `Then, if you control a min Gig, draw 1.`
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Sentence {
    /// what opens it, in order: `Then,` `if you control a min Gig,`
    pub leads: Vec<Spanned<Lead>>,
    /// what it says
    pub clause: Spanned<Clause>,
    /// reminder text after the full stop
    pub reminders: Vec<Reminder>,
}

/// What opens a sentence.
// Built once per sentence and matched on: plain variants read better than boxes.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Lead {
    /// `Then,` (`Then` without its comma, as one card prints it, when `comma` is false)
    Then {
        /// written with its comma
        comma: bool,
    },
    /// `If <condition>,`: `If you do,`, `If this Unit would be defeated,`
    If(Spanned<Condition>),
    /// `Otherwise,`
    Otherwise {
        /// the sentence it is the alternative to
        depends_on: SentenceId,
    },
    /// `Until your next turn,`, `During your turn,`, `This turn,`, `While fighting a Legend,`,
    /// `At the end of your turn,`
    During(Spanned<DurationPhrase>),
    /// `The next time <event> this turn,` (a one-shot delayed trigger made by the effect)
    NextTime {
        /// what happens (without the duration after it)
        event: Spanned<EventPhrase>,
        /// `this turn`
        duration: Option<Spanned<DurationPhrase>>,
    },
}

/// One clause, whatever it does: `Draw 2`, `you may defeat a friendly Gear`, `A Rival discards 1`,
/// `Each player draws 2`, `This Unit can't attack`, `rival Units can't steal …`, `the Gig isn't
/// stolen`, `it doesn't defeat the opposing friendly Unit`, `they instead choose one effect for you`,
/// `Your next Program this turn plays for -1 €$ …`. Conditions are clauses too: `this Unit is spent`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Clause {
    /// who or what it is about; `None` for an order to the player (`Draw 2`)
    pub subject: Option<NounPhrase>,
    /// a duration written between the subject and the verb: `Your next Program this turn plays …`
    pub subject_duration: Option<Spanned<DurationPhrase>>,
    /// `can`, `can't`, `can only`, `must`, `may`, `would`, `doesn't`
    pub modal: Option<Spanned<Modal>>,
    /// `also`
    pub also: bool,
    /// `instead`, and the sentence it replaces
    pub instead: Option<Instead>,
    /// the verb phrases, joined by `and`, `, then` or `or`
    pub steps: Vec<Step>,
    /// trailing `if <condition>`, `unless <condition>`, `if it can`
    pub condition: Option<Spanned<Trailing>>,
}

/// `instead`: what a sentence does in place of what an earlier sentence of the ability does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Instead {
    /// written before the verb (`they instead choose …`) rather than after the clause
    pub before_verb: bool,
    /// the sentence it replaces (for a replacement effect, `If … would …, … instead.`, the
    /// sentence itself: what it replaces is the event of its condition)
    pub replaces: SentenceId,
}

/// One verb phrase of a clause, with how it follows the one before.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// how it is joined to the one before; `None` for the first
    pub link: Option<Link>,
    /// a modal of its own: `… and may draw 5`
    pub modal: Option<Spanned<Modal>>,
    /// the verb phrase
    pub vp: Spanned<VerbPhrase>,
}

/// How two verb phrases are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Link {
    /// `and`
    And,
    /// `, then`
    Then,
    /// `or`
    Or,
}

/// A modal verb or a negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Modal {
    /// `can`
    Can,
    /// `can't`
    Cant,
    /// `can only`
    CanOnly,
    /// `must`
    Must,
    /// `may`
    May,
    /// `would` (an event about to happen: `would be defeated`)
    Would,
    /// `doesn't`
    Doesnt,
    /// `don't`
    Dont,
    /// `didn't`
    Didnt,
}

/// A condition after a clause.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Trailing {
    /// `if <condition>`
    If(Condition),
    /// `unless <condition>`
    Unless(Condition),
    /// `if it can`: `it` is the clause's subject
    IfItCan {
        /// what `it` stands for
        refers_to: Ref,
    },
}

// ---- Verb phrases -------------------------------------------------------------------------------

/// A verb with its objects and adjuncts, in any inflection. The same node is an order (`Draw 2`),
/// what a rule says (`can't attack`), an event (`steals 1 or more Gigs`, `is defeated`), a would
/// (`would be defeated`), a past fact (`stole a Gig this turn`), a state (`is spent`, `'s a
/// Program`) or a purpose (`use {Go Solo}`). Lowering checks the verb's frame (which objects and
/// adjuncts it takes) and reports the rest.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct VerbPhrase {
    /// `is`, `be`, `are`, `'s`, `becomes`: before a participle (`is defeated`) or a complement
    /// (`is spent`, `becomes a min Gig`)
    pub copula: Option<Spanned<Copula>>,
    /// the verbs, joined by `or` and sharing the objects: `adjusts or swaps`; none after a
    /// copula with a complement
    pub verbs: Vec<Spanned<Verb>>,
    /// how the verbs are written
    pub form: Form,
    /// what the verbs act on, or the complement of a copula
    pub objects: Vec<Spanned<Object>>,
    /// everything after the objects: `this turn`, `for each …`, `to your hand`, `by up to 2`
    pub adjuncts: Vec<Spanned<Adjunct>>,
}

/// A form of `be` or `become`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Copula {
    /// `is`
    Is,
    /// `are`
    Are,
    /// `be`
    Be,
    /// `was`
    Was,
    /// `were`
    Were,
    /// `isn't`
    IsNot,
    /// `aren't`
    AreNot,
    /// `wasn't`
    WasNot,
    /// `'s` (of `it's`)
    Contracted,
    /// `'re` (of `they're`)
    ContractedPlural,
    /// `becomes`
    Becomes,
    /// `become`
    Become,
    /// `became`
    Became,
}

/// The inflection of a verb, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Form {
    /// `draw` (an order, after a modal or a plural subject)
    Base,
    /// `draws`
    Third,
    /// `drew`, `stole`, `attacked`
    Past,
    /// `drawn`, `stolen`, `defeated` (after a copula)
    Participle,
    /// `drawing`, `attacking`, `paying`
    Gerund,
}

/// A verb of the card language. Multi-word verbs (`look at`, `roll in`, `go solo`) are one verb.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[allow(missing_docs)]
pub enum Verb {
    Add,
    Adjust,
    Attack,
    Block,
    BottomDeck,
    /// `Call` (the game action Call a Legend; `{Call}` is a label)
    Call,
    Choose,
    Control,
    Cost,
    Decrease,
    Defeat,
    Differ,
    Discard,
    Double,
    Draw,
    End,
    Equal,
    Equip,
    Fight,
    Gain,
    Give,
    GoSolo,
    Have,
    Ignore,
    Increase,
    Keep,
    LookAt,
    Lose,
    Move,
    Pay,
    Play,
    Ready,
    Redirect,
    Remove,
    Reroll,
    Return,
    Reveal,
    Roll,
    RollIn,
    Search,
    Sell,
    Set,
    Spend,
    Steal,
    Swap,
    Take,
    Trash,
    Use,
    Win,
}

/// What a verb acts on, or what a copula says.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Object {
    /// `a rival Unit`, `2`, `it`, `the top 3 cards of your deck`, `one effect`, `their hand`,
    /// `this Unit's power`, `7+ ☆`, `power 5+`; after a copula, `a ROCKER Unit`, `the chosen type`
    Np(NounPhrase),
    /// `+2 power`, `{Blocker}`, `+1 power and {Blocker}`
    Grants(Vec<Spanned<Grant>>),
    /// `2 €$`, `+2 €$`
    Eddies(Eddies),
    /// `costs 2 or less`; after a copula, `3 or more`, `an even number`, `equal to …`
    Comparison(Comparison),
    /// `whether you add them to your hand or trash them`
    Whether(Box<Clause>),
    /// after a copula: `spent`, `ARASAKA`, `face-up`, `an AI, DRONE, or VEHICLE`
    States(States),
    /// after a copula: `at max value`, `named "V"`
    Postmod(Postmod),
}

/// Something given: `+2 power`, `{Adrenaline}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Grant {
    /// `+2 power`, `-4 power`
    Power(i32),
    /// `{Blocker}`
    Keyword(Keyword),
}

/// An amount of eddies: `2 €$`, `-1 €$`, `+2 €$`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Eddies {
    /// how many (negative for `-1 €$`)
    pub amount: i32,
    /// written with a sign: `+2 €$`
    pub signed: bool,
}

/// Words of state after a copula: `spent`, `ARASAKA or MERC`, `an AI, DRONE, or VEHICLE`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct States {
    /// written with `a`/`an`
    pub article: bool,
    /// the words, joined by `or`
    pub words: Premod,
}

/// What follows the objects of a verb.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Adjunct {
    /// `this turn`, `until your next turn`, `while attacking`, `at the end of this turn`
    Duration(DurationPhrase),
    /// `for free`
    ForFree,
    /// `for -1 €$`, `for 1 €$`
    ForEddies(Eddies),
    /// `for each friendly Gig`, `for each of a Rival's Units` (the noun phrase keeps its `each`)
    ForEach(NounPhrase),
    /// `for you`, `for up to 1 BRAINDANCE Program`
    For(NounPhrase),
    /// `to your hand`, `to an unequipped friendly Unit`, `to it`
    To(NounPhrase),
    /// `to 5`, `to the value of another Gig`
    ToNumber(Number),
    /// `to use {Go Solo}`, `to defeat this Legend`
    Purpose(Box<Spanned<VerbPhrase>>),
    /// `by 4`, `by up to 3`, `by up to ±2`, `by 3+ power`, `by 10+`
    By(By),
    /// `by paying this card's cost and spending a friendly Unit`
    ByDoing(Vec<Spanned<VerbPhrase>>),
    /// `with a rival Gig`
    With(NounPhrase),
    /// `against a rival Unit`
    Against(NounPhrase),
    /// `in a random order`, `in a fight`
    In(NounPhrase),
    /// `on a Gig`
    On(NounPhrase),
    /// `from a Rival's`
    From(NounPhrase),
    /// `, to a minimum of 1 €$`
    Minimum(Eddies),
    /// `once`
    Once,
    /// `only`
    Only,
    /// `each` (each of several: `2 or less each`)
    Each,
    /// `after you play it`
    After(Box<Spanned<EventPhrase>>),
    /// `when a Unit attacks`
    When(Box<Spanned<EventPhrase>>),
    /// `without revealing it`
    Without(Box<Spanned<VerbPhrase>>),
}

/// The amount after `by`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct By {
    /// `up to`
    pub up_to: bool,
    /// the amount
    pub amount: ByAmount,
}

/// The amount after `by` and `by up to`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum ByAmount {
    /// `4`, `the number of friendly Units`, `3+ power`
    Number(Number),
    /// `±2`, `+2`, `-2`
    Signed {
        /// how much (negative for `-2`)
        n: i32,
        /// written `±`: either way (rule 6.4)
        either: bool,
    },
    /// `10+`
    AtLeast(u32),
}

// ---- Noun phrases -------------------------------------------------------------------------------

/// A noun phrase, the referent it introduces, and reminder text after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NounPhrase {
    /// what it is
    pub node: Np,
    /// the referent it introduces, if any
    pub binds: Option<BindingId>,
    /// reminder text written right after it
    pub reminder: Option<Reminder>,
    /// where it is written
    pub span: Span,
}

/// The kinds of noun phrase.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Np {
    /// `it`, `them`, `they`, `you`, `both`; also `its`, `their`, `your` as possessors
    Pronoun {
        /// the word
        word: Pronoun,
        /// what it stands for
        refers_to: Ref,
    },
    /// `the rest`: the cards looked at and not taken
    Rest {
        /// the cards looked at
        of: Ref,
    },
    /// A number standing for cards: `Discard 1`, `Draw up to 2`, `add 1 more for each …`,
    /// `defeat 2 instead`, `discard 1 with cost equal to that Gig's value`
    Count {
        /// how many
        count: Count,
        /// filters after it
        postmods: Vec<Spanned<Postmod>>,
        /// what is counted when its noun and filters are left out: `You may defeat 2 instead`
        /// counts the `rival Unit with power 4 or less` of the sentence it replaces
        elided: Option<Ref>,
    },
    /// a determiner, pre-modifiers, nouns and post-modifiers
    Phrase(Box<Phrase>),
    /// `this Unit and a rival Unit`, `a Gig with an even value and a Gig with an odd value`
    And(Vec<NounPhrase>),
}

/// A pronoun.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Pronoun {
    /// `it`, `its` (a possessor), `it's` (with a contracted copula)
    It,
    /// `them`
    Them,
    /// `they`, `their` (a possessor), `they're`
    They,
    /// `you`, `your` (a possessor)
    You,
    /// `both`
    Both,
}

/// A number standing for cards: `1`, `up to 2`, `1 more`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Count {
    /// `up to`
    pub up_to: bool,
    /// how many
    pub n: u32,
    /// `more` or `fewer` after it
    pub more: Option<MoreFewer>,
}

/// `more`, `fewer` or `less` after a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum MoreFewer {
    /// `more`
    More,
    /// `fewer`
    Fewer,
    /// `less`
    Less,
}

/// A determiner, modifiers, nouns and post-modifiers: `up to 2 MERC Legends in your Legends area`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Phrase {
    /// `one of`, `each of`, `any of`, `all of`
    pub partitive: Option<Spanned<Partitive>>,
    /// `a`, `another`, `all`, `this`, `up to 2`, `2 or more`, `7+`, `at least 2 more`, …
    pub det: Option<Spanned<Det>>,
    /// whose: `a Rival's`, `its`, `their`, `your`, `its owner's`, `this Unit's`
    pub possessor: Option<Box<NounPhrase>>,
    /// what a definite determiner (`that Gig`, `the card`, `those Gigs`, `these effects`,
    /// `the opposing rival Unit`) points at, or what `the same value` is the same as
    pub refers_to: Option<Ref>,
    /// the cards looked at that it is taken from, when the text leaves them out:
    /// `Reveal a Gear` after `Search the top 3 cards of your deck.`
    pub among: Option<Ref>,
    /// pre-modifiers in written order; each may be an `or`-list: `CORPO or GANGER`
    pub premods: Vec<Spanned<Premod>>,
    /// the nouns, joined by `or`, `and` or `and/or` (none after a possessive whose noun is left
    /// out: `differs from a Rival's by 10+`)
    pub heads: Vec<HeadAlt>,
    /// `with power 4 or less`, `from your hand or trash`, `in your Legends area`, `of your deck`,
    /// `named "V"`, `that attacked this turn`, `than you`, `at max value`
    pub postmods: Vec<Spanned<Postmod>>,
}

/// `one of`, `each of`, `any of`, `all of`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Partitive {
    /// `one of`
    One,
    /// `each of`
    Each,
    /// `any of`
    Any,
    /// `all of`
    All,
}

/// A determiner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Det {
    /// `a`, `an` (the printer chooses by the next word)
    A,
    /// `another`
    Another,
    /// `all`
    All,
    /// `any`
    Any,
    /// `any number of`
    AnyNumberOf,
    /// `each`
    Each,
    /// `every`
    Every,
    /// `no`
    No,
    /// `this`
    This,
    /// `that`
    That,
    /// `these`
    These,
    /// `those`
    Those,
    /// `the`
    The,
    /// `one`
    One,
    /// `one or more`
    OneOrMore,
    /// `more`
    More,
    /// `fewer`
    Fewer,
    /// `less`
    Less,
    /// `2`
    Number(u32),
    /// `up to 2`
    UpTo(u32),
    /// `2 or more`
    OrMore(u32),
    /// `2 or less`
    OrLess(u32),
    /// `2 or fewer`
    OrFewer(u32),
    /// `7+`
    Plus(u32),
    /// `2 more`
    NMore(u32),
    /// `1 fewer`
    NFewer(u32),
    /// `1 less`
    NLess(u32),
    /// `at least 2`
    AtLeast(u32),
    /// `at least 2 more`
    AtLeastMore(u32),
    /// `at least 2 fewer`
    AtLeastFewer(u32),
    /// `less than 20`
    LessThan(u32),
    /// `your` (in a phrase, `your`, `its` and `their` are read as a possessor: `your hand`)
    Your,
    /// `its`
    Its,
    /// `their`
    Their,
}

/// Pre-modifier words joined by `or`: `CORPO or GANGER`, `AI, DRONE, or VEHICLE`; one word alone
/// is a list of one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Premod {
    /// the words in written order
    pub words: Vec<Spanned<PremodWord>>,
    /// written with commas: `AI, DRONE, or VEHICLE` (not `CORPO or GANGER or MOX`)
    pub commas: bool,
    /// written with a comma before the `or` of a comma list: `AI, DRONE, or VEHICLE`
    pub serial_comma: bool,
}

/// A word that describes a card, Gig or player.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[allow(missing_docs)]
pub enum PremodWord {
    Other,
    First,
    Next,
    Last,
    Opposing,
    Discarded,
    Chosen,
    Attacking,
    Blocking,
    Defending,
    Stolen,
    Different,
    Same,
    Total,
    Random,
    Highest,
    Lowest,
    /// `highest-power`
    HighestPower,
    /// `lowest-power`
    LowestPower,
    Higher,
    Lower,
    /// `top`, `top 3` (of a deck)
    Top(Option<u32>),
    /// `Gear` in `a Gear card`
    CardType(CardTypeWord),
    Spent,
    Ready,
    Friendly,
    Rival,
    Equipped,
    Unequipped,
    FaceUp,
    FaceDown,
    Empty,
    Min,
    Max,
    Even,
    Odd,
    /// `Red`, `Green`, `Blue`, `Yellow` (rule 3.20)
    Colour(Color),
    /// any word in capitals: `ARASAKA` (rule 3.13)
    Tag(String),
}

/// A card type as a word: `Unit`, `Legend`, `Gear`, `Program`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[allow(missing_docs)]
pub enum CardTypeWord {
    Unit,
    Legend,
    Gear,
    Program,
}

/// One of the nouns of a phrase, with how it is joined to the one before and pre-modifiers of its
/// own: `or face-up Legend`, `and/or Legends`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HeadAlt {
    /// `or`, `and`, `and/or` (none for the first noun)
    pub conj: Option<Conj>,
    /// pre-modifiers of this noun only (the phrase's are in [`Phrase::premods`])
    pub premods: Vec<Spanned<Premod>>,
    /// the noun
    pub head: Spanned<Head>,
}

/// `or`, `and`, `and/or`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Conj {
    /// `or`
    Or,
    /// `and`
    And,
    /// `and/or`
    AndOr,
}

/// A noun, with a comparison after a number's noun (`power 4 or less`) and reminder text after
/// `☆` (`☆ (Street Cred)`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Head {
    /// which noun
    pub noun: Noun,
    /// written in the plural
    pub plural: bool,
    /// `4 or less` after `power`, `less than its power` after `value`
    pub comparison: Option<Box<Spanned<Comparison>>>,
    /// `(Street Cred)` after `☆`
    pub reminder: Option<Reminder>,
}

/// A noun: a card, a player, a thing of the game, a zone, or a number one has.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[allow(missing_docs)]
pub enum Noun {
    Unit,
    Legend,
    Gear,
    Program,
    Card,
    /// `card type`
    CardType,
    Type,
    Eddie,
    /// `Rival` (the player)
    Rival,
    Player,
    Owner,
    Controller,
    Gig,
    /// `d20`
    Die(u32),
    ValuePair,
    SidedPair,
    Effect,
    Fight,
    Attack,
    Result,
    Order,
    Side,
    /// `"DEADMAN TRANSMITTER"`: a card by name
    Named(String),
    // zones
    Hand,
    Deck,
    Trash,
    FixerArea,
    LegendsArea,
    GigArea,
    Field,
    Game,
    // numbers
    Power,
    Cost,
    Value,
    /// `Gig value` in `any friendly Gig values`
    GigValue,
    /// `number` in `the number of …`
    Number,
    /// `☆` (Street Cred)
    Cred,
}

/// What follows the noun.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Postmod {
    /// `with power 4 or less`, `with 8+ value`, `with less power than a friendly Unit`,
    /// `with no equipped Gears`, `with the highest power`
    With(NounPhrase),
    /// `with {Blocker}`, `with {Blocker} or {Go Solo}`
    WithKeywords(Vec<Keyword>),
    /// `from your hand or trash`, `from among them`, `from this Legend`
    From {
        /// `from among`
        among: bool,
        /// where from
        what: NounPhrase,
    },
    /// `in your trash`, `in your Legends area`
    In(NounPhrase),
    /// `of your deck`, `of Gigs`, `of a friendly d20`
    Of(NounPhrase),
    /// `as another player's Gig`
    As(NounPhrase),
    /// `than you`
    Than(NounPhrase),
    /// `more than you` after a counted noun: `at least 2 Gigs more than you`
    Compared {
        /// which way
        word: ThanWord,
        /// what is compared with
        than: NounPhrase,
    },
    /// `not shared by a friendly Gig`
    NotSharedBy(NounPhrase),
    /// `named "FLOOR IT"`
    Named(String),
    /// `that attacked this turn`, `that costs 2 or less each`
    That {
        /// `that can …`
        modal: Option<Modal>,
        /// the verb phrase (its subject is the noun phrase)
        vp: Box<Spanned<VerbPhrase>>,
    },
    /// `at max value` (`max`), `at min value`
    AtValue {
        /// `max` rather than `min`
        max: bool,
    },
}

// ---- Numbers ------------------------------------------------------------------------------------

/// A number, wherever a number goes: a literal, or a noun phrase that stands for one. The noun
/// phrase says which: `this Unit's power` and `its cost` (a number's noun with a possessor),
/// `the value of a friendly d20` (with `of`), `the number of friendly Units`, `the total number
/// of discarded cards`, `the same value as another player's Gig` (with `as`), `any friendly Gig
/// values`, `your ☆`, or a Gig standing for its value (`a friendly max Gig`). Literals are at most
/// [`crate::syntax::MAX_NUMBER`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Number {
    /// `2`
    Lit(u32),
    /// `this Unit's power`, `the value of a friendly d20`, `a friendly max Gig`
    Np(Box<NounPhrase>),
}

/// A comparison with a number.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Comparison {
    /// `0`
    Is(u32),
    /// `4 or less`
    OrLess(u32),
    /// `2 or more`
    OrMore(u32),
    /// `2 or fewer`
    OrFewer(u32),
    /// `5+`
    Plus(u32),
    /// `equal to …`, `equal to or less than …`
    EqualTo {
        /// `or less than`, `or more than`
        or: Option<LessMore>,
        /// the number compared with
        to: Number,
    },
    /// `less than …`, `higher than …`
    Than {
        /// which way
        word: ThanWord,
        /// the number compared with
        than: Number,
    },
    /// `an even number`, `an odd number`
    Parity {
        /// even rather than odd
        even: bool,
    },
}

/// `or less than`, `or more than`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum LessMore {
    /// `or less than`
    Less,
    /// `or more than`
    More,
}

/// The word before `than`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[allow(missing_docs)]
pub enum ThanWord {
    Less,
    More,
    Higher,
    Greater,
    Lower,
    Fewer,
}

// ---- Events, conditions, durations --------------------------------------------------------------

/// Something that happens: `you play a BRAINDANCE Program`, `a Rival plays a Program`, `this Unit
/// steals 1 or more Gigs`, `an ARASAKA Unit is defeated`, `a rival Unit would steal a Gig`, `a Rival
/// adjusts or swaps 1 or more friendly Gigs`, `this Unit wins a fight against a rival Unit`,
/// `you roll in a Gig from your fixer area`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EventPhrase {
    /// who or what
    pub subject: NounPhrase,
    /// `would`: about to happen
    pub would: bool,
    /// what it does
    pub vp: Spanned<VerbPhrase>,
    /// the fight an event without an object names, for `the opposing …` after it:
    /// `The next time a rival Unit fights this turn, … the opposing friendly Unit`
    /// (`wins a fight` names its fight with the noun phrase `a fight`)
    pub binds: Option<BindingId>,
}

/// `If …` / `unless …` bodies: `you do`, `this Unit is spent`, `it's a Program`, `all friendly
/// Legends are face-up`, `that Legend is ARASAKA or has {Go Solo}`, `you control 3 or more Units`,
/// `you have 7+ ☆`, `a Rival has no Units`, `this Unit has power 5+`, `this Unit stole a Gig this
/// turn`, `its cost equals the value of a friendly Gig`, `your ☆ is an even number`, `it becomes a
/// min Gig`, `this Unit would be defeated` (a replacement's lead), `your fixer area is empty`,
/// `you trash them`; joined by `and` or `or`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Condition {
    /// `you do`: the sentence named happened
    YouDo {
        /// the sentence (the one before, or the one it depends on in turn)
        depends_on: SentenceId,
    },
    /// a clause with a subject: `this Unit is spent`, `a friendly Unit would be defeated`
    Holds(Box<Clause>),
    /// `… and …`
    All(Vec<Spanned<Condition>>),
    /// `… or …`
    Any(Vec<Spanned<Condition>>),
}

/// How long or when.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum DurationPhrase {
    /// `this turn`
    ThisTurn,
    /// `next turn`
    NextTurn,
    /// `each turn`
    EachTurn,
    /// `until your next turn`, `until the end of the turn`
    Until(Until),
    /// `at the end of this turn`, `at the start of your next turn`
    At(TurnPoint),
    /// `during your turn`, `during a Rival's turn`
    During(Turn),
    /// `while attacking`, `while fighting a Legend`, `when attacking`
    While {
        /// written `when`
        when: bool,
        /// the verb in `-ing` with its objects
        doing: Box<Spanned<VerbPhrase>>,
    },
    /// `the turn it's played`, `the turn they're played`
    TurnPlayed {
        /// `it` or `they`
        pronoun: Pronoun,
        /// what it stands for
        refers_to: Ref,
    },
}

/// What `until` is followed by.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Until {
    /// `until your next turn` (its start)
    Turn(Turn),
    /// `until the end of the turn`
    Point(TurnPoint),
}

/// The start or the end of a turn: `the end of this turn`, `the start of your turn`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TurnPoint {
    /// the start rather than the end
    pub start: bool,
    /// which turn
    pub turn: Turn,
}

/// A turn: `this turn`, `the turn`, `your turn`, `your next turn`, `a Rival's turn`,
/// `each player's turn`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Turn {
    /// `this`, `the`, `your`, `a`, `each` (with `owner`: `a Rival's`)
    pub det: Option<Det>,
    /// whose, after the determiner: `Rival` in `a Rival's turn`
    pub owner: Option<Noun>,
    /// `next`
    pub next: bool,
}

// ---- The verbs' words ---------------------------------------------------------------------------

impl Verb {
    /// Every verb of the language.
    pub const ALL: [Verb; 49] = [
        Verb::Add,
        Verb::Adjust,
        Verb::Attack,
        Verb::Block,
        Verb::BottomDeck,
        Verb::Call,
        Verb::Choose,
        Verb::Control,
        Verb::Cost,
        Verb::Decrease,
        Verb::Defeat,
        Verb::Differ,
        Verb::Discard,
        Verb::Double,
        Verb::Draw,
        Verb::End,
        Verb::Equal,
        Verb::Equip,
        Verb::Fight,
        Verb::Gain,
        Verb::Give,
        Verb::GoSolo,
        Verb::Have,
        Verb::Ignore,
        Verb::Increase,
        Verb::Keep,
        Verb::LookAt,
        Verb::Lose,
        Verb::Move,
        Verb::Pay,
        Verb::Play,
        Verb::Ready,
        Verb::Redirect,
        Verb::Remove,
        Verb::Reroll,
        Verb::Return,
        Verb::Reveal,
        Verb::Roll,
        Verb::RollIn,
        Verb::Search,
        Verb::Sell,
        Verb::Set,
        Verb::Spend,
        Verb::Steal,
        Verb::Swap,
        Verb::Take,
        Verb::Trash,
        Verb::Use,
        Verb::Win,
    ];

    /// The verb's words, as the printer writes them: base, third person, past, past participle
    /// and `-ing` form.
    pub fn words(self) -> [&'static str; 5] {
        use Verb::*;
        match self {
            Add => ["add", "adds", "added", "added", "adding"],
            Adjust => ["adjust", "adjusts", "adjusted", "adjusted", "adjusting"],
            Attack => ["attack", "attacks", "attacked", "attacked", "attacking"],
            Block => ["block", "blocks", "blocked", "blocked", "blocking"],
            BottomDeck => [
                "bottom-deck",
                "bottom-decks",
                "bottom-decked",
                "bottom-decked",
                "bottom-decking",
            ],
            Call => ["Call", "Calls", "Called", "Called", "Calling"],
            Choose => ["choose", "chooses", "chose", "chosen", "choosing"],
            Control => [
                "control",
                "controls",
                "controlled",
                "controlled",
                "controlling",
            ],
            Cost => ["cost", "costs", "cost", "cost", "costing"],
            Decrease => [
                "decrease",
                "decreases",
                "decreased",
                "decreased",
                "decreasing",
            ],
            Defeat => ["defeat", "defeats", "defeated", "defeated", "defeating"],
            Differ => ["differ", "differs", "differed", "differed", "differing"],
            Discard => [
                "discard",
                "discards",
                "discarded",
                "discarded",
                "discarding",
            ],
            Double => ["double", "doubles", "doubled", "doubled", "doubling"],
            Draw => ["draw", "draws", "drew", "drawn", "drawing"],
            End => ["end", "ends", "ended", "ended", "ending"],
            Equal => ["equal", "equals", "equaled", "equaled", "equaling"],
            Equip => ["equip", "equips", "equipped", "equipped", "equipping"],
            Fight => ["fight", "fights", "fought", "fought", "fighting"],
            Gain => ["gain", "gains", "gained", "gained", "gaining"],
            Give => ["give", "gives", "gave", "given", "giving"],
            GoSolo => [
                "go solo",
                "goes solo",
                "went solo",
                "gone solo",
                "going solo",
            ],
            Have => ["have", "has", "had", "had", "having"],
            Ignore => ["ignore", "ignores", "ignored", "ignored", "ignoring"],
            Increase => [
                "increase",
                "increases",
                "increased",
                "increased",
                "increasing",
            ],
            Keep => ["keep", "keeps", "kept", "kept", "keeping"],
            LookAt => [
                "look at",
                "looks at",
                "looked at",
                "looked at",
                "looking at",
            ],
            Lose => ["lose", "loses", "lost", "lost", "losing"],
            Move => ["move", "moves", "moved", "moved", "moving"],
            Pay => ["pay", "pays", "paid", "paid", "paying"],
            Play => ["play", "plays", "played", "played", "playing"],
            Ready => ["ready", "readies", "readied", "readied", "readying"],
            Redirect => [
                "redirect",
                "redirects",
                "redirected",
                "redirected",
                "redirecting",
            ],
            Remove => ["remove", "removes", "removed", "removed", "removing"],
            Reroll => ["reroll", "rerolls", "rerolled", "rerolled", "rerolling"],
            Return => ["return", "returns", "returned", "returned", "returning"],
            Reveal => ["reveal", "reveals", "revealed", "revealed", "revealing"],
            Roll => ["roll", "rolls", "rolled", "rolled", "rolling"],
            RollIn => [
                "roll in",
                "rolls in",
                "rolled in",
                "rolled in",
                "rolling in",
            ],
            Search => ["search", "searches", "searched", "searched", "searching"],
            Sell => ["sell", "sells", "sold", "sold", "selling"],
            Set => ["set", "sets", "set", "set", "setting"],
            Spend => ["spend", "spends", "spent", "spent", "spending"],
            Steal => ["steal", "steals", "stole", "stolen", "stealing"],
            Swap => ["swap", "swaps", "swapped", "swapped", "swapping"],
            Take => ["take", "takes", "took", "taken", "taking"],
            Trash => ["trash", "trashes", "trashed", "trashed", "trashing"],
            Use => ["use", "uses", "used", "used", "using"],
            Win => ["win", "wins", "won", "won", "winning"],
        }
    }

    /// The word of the verb in a form.
    pub fn word(self, form: Form) -> &'static str {
        let w = self.words();
        match form {
            Form::Base => w[0],
            Form::Third => w[1],
            Form::Past => w[2],
            Form::Participle => w[3],
            Form::Gerund => w[4],
        }
    }

    /// The verb a word is a form of, with every form the word can be (`set` is base, past and
    /// participle), or `None` for a word that is no verb of the language. Case does not matter.
    pub fn parse(word: &str) -> Option<(Verb, Vec<Form>)> {
        const FORMS: [Form; 5] = [
            Form::Base,
            Form::Third,
            Form::Past,
            Form::Participle,
            Form::Gerund,
        ];
        Verb::ALL.iter().find_map(|v| {
            let forms: Vec<Form> = v
                .words()
                .iter()
                .zip(FORMS)
                .filter(|(w, _)| w.eq_ignore_ascii_case(word))
                .map(|(_, f)| f)
                .collect();
            (!forms.is_empty()).then_some((*v, forms))
        })
    }
}

impl Noun {
    /// Whether the noun names a number one has: `power`, `cost`, `value`, `☆`, `number`.
    pub fn is_number(&self) -> bool {
        matches!(
            self,
            Noun::Power | Noun::Cost | Noun::Value | Noun::GigValue | Noun::Number | Noun::Cred
        )
    }

    /// Whether the noun names a zone: `hand`, `deck`, `trash`, `fixer area`, …
    pub fn is_zone(&self) -> bool {
        matches!(
            self,
            Noun::Hand
                | Noun::Deck
                | Noun::Trash
                | Noun::FixerArea
                | Noun::LegendsArea
                | Noun::GigArea
                | Noun::Field
                | Noun::Game
        )
    }
}
