//! The typed AST of card text: what a card says, with every back-reference resolved.
//!
//! The tree is semantic, not a parse tree: a sentence is an order to the player ([`Clause::Do`]),
//! a statement about something ([`Clause::State`]) or a delayed trigger; noun phrases are
//! quantities, modifiers and a head noun. Every node keeps its [`Span`] (bytes in the card file).
//! A noun phrase that introduces a referent declares a [`BindingId`]; a pronoun, `that Gig`,
//! `the rest`, `If you do`, `Otherwise` and `instead` name what they refer to explicitly, so the
//! interpreter never guesses. Reminder text is kept (the printer writes it back) but means nothing.

use crate::source::Span;
use serde::{Deserialize, Serialize};

/// A node with the place it was read from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spanned<T> {
    /// the node
    pub node: T,
    /// where it was written
    pub span: Span,
}

/// Which textbox a script was read from (rule 4.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Textbox {
    /// the rules text; on a Gear, its bottom textbox, where `this Unit` is the card it is equipped to
    Rules,
    /// a Gear's top textbox, about the Gear itself
    Top,
}

/// Both textboxes of a card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardScript {
    /// the card id
    pub id: String,
    /// a Gear's top textbox
    pub top: Option<Script>,
    /// the rules text
    pub text: Script,
}

impl CardScript {
    /// Every ability in line order: a Gear's top textbox first, then the rules text (the
    /// numbering the engine's effects use).
    pub fn lines(&self) -> impl Iterator<Item = &Spanned<Ability>> {
        (self.top.iter())
            .chain(std::iter::once(&self.text))
            .flat_map(|t| t.abilities.iter())
    }
}

/// One textbox: its abilities, one a line, and the referents they introduce.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Script {
    /// which textbox
    pub textbox: Textbox,
    /// the abilities in printed order
    pub abilities: Vec<Spanned<Ability>>,
    /// every referent introduced by a noun phrase or an event, by id
    pub bindings: Vec<Binding>,
}

/// A referent introduced by a noun phrase or an event: `b1 = a rival Unit`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

/// The id of a binding, unique in a script (`b1`, `b2`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BindingId(pub u32);

/// What a reference points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ref {
    /// `this Unit`, `this Legend`, `this Program`, `this Gear`: the card itself
    This,
    /// `this Unit`, `this Unit or Legend`, `its` on a Gear: the card the Gear is equipped to
    /// (rule 4.11; PHRASES 2j, "this Unit" that is not the printed card)
    Host,
    /// something introduced earlier in the same ability
    Binding(BindingId),
}

/// Which sentence of the same effect a result word depends on (0-based, modes counted after the header).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SentenceId(pub u32);

/// The broad kind of a referent, used to resolve `that Gig`, `its power`, `their hand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// a Unit (or a Unit-or-Legend)
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
}

/// Reminder text in parentheses (rule 3.18.1.2.2): printed back, never executed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reminder {
    /// the text with its parentheses
    pub text: String,
    /// where it is
    pub span: Span,
}

// ---- Abilities ------------------------------------------------------------------------------

/// One ability (one line; rule 10.1.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// `{Blocker} (You may spend this Unit …)`
    Keyword {
        /// the keyword
        keyword: KeywordName,
        /// its reminder text
        reminder: Option<Reminder>,
    },
    /// `(Units with power 0 don't steal Gigs.)`
    Reminder(Vec<Reminder>),
    /// `{Play} Draw 2.`, `When this Unit steals a Gig, increase it by up to 5.`
    Triggered {
        /// when it triggers
        trigger: Spanned<Trigger>,
        /// what it does
        effect: Effect,
    },
    /// `{Quick} 2 €$, {Spend}: …`, `When a rival Unit attacks, {Spend}: …` (rule 10.19)
    Activated {
        /// `{Quick}`
        quick: bool,
        /// `When <event>,`: the window in which it may be activated
        window: Option<Spanned<Event>>,
        /// the costs before the colon
        costs: Vec<Spanned<Cost>>,
        /// what it does
        effect: Effect,
    },
    /// `This Unit can't attack.` (a rule that holds while the card is in play)
    Static(Effect),
    /// `Play this Unit for -1 €$ for each Unit in your trash, to a minimum of 1 €$.`
    CostRule(Spanned<CostRule>),
    /// `If this Unit would be defeated, defeat its "DEADMAN TRANSMITTER" instead.` (rules 10.24–10.30)
    Replacement {
        /// what would be defeated; binds
        subject: NounPhrase,
        /// `you may`
        optional: bool,
        /// what happens instead
        action: Spanned<Action>,
        /// trailing reminder text
        reminders: Vec<Reminder>,
    },
    /// A Program's effect (rule 4.14): `Defeat a spent Unit.`, `{Quick} Defeat …`
    Resolution {
        /// `{Quick}`
        quick: bool,
        /// what it does
        effect: Effect,
    },
}

/// A keyword a card has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeywordName {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// `{Play} {Attack}`
    Labels(Vec<Label>),
    /// `When a rival Unit would steal a Gig,`
    When(Spanned<Event>),
    /// `At the start of your turn,`
    StartOfYourTurn,
    /// `At the end of your turn,`
    EndOfYourTurn,
    /// `The first time this Unit wins a fight each turn,`
    FirstTimeEachTurn(Spanned<Event>),
}

/// An activation cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cost {
    /// `{Spend}`: spend this card (or the card it is equipped to)
    Spend,
    /// `2 €$`
    Eddies(u32),
}

/// A rule about what the card costs (rules 11.1, 11.8).
// Built once per card and matched on: plain variants read better than boxes.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CostRule {
    /// `Play this Gear for -1 €$ for each friendly face-up Legend, to a minimum of 1 €$.`,
    /// `Play your first CYBERWARE Gear each turn for -3 €$, to a minimum of 1 €$.`
    PlayFor {
        /// the card whose cost changes
        card: NounPhrase,
        /// `each turn`
        each_turn: bool,
        /// the change, per counted thing if `per` is given
        change: i32,
        /// `for each …`
        per: Option<NounPhrase>,
        /// `to a minimum of 1 €$`
        minimum: u32,
    },
    /// `This effect costs -1 €$ for each friendly Gig with 8+ value.` (this card's activated ability)
    EffectCosts {
        /// the change per counted thing
        change: i32,
        /// what is counted
        per: NounPhrase,
    },
    /// `You may also play this Program when a Unit attacks by paying this card's cost and spending …`
    AlsoPlay {
        /// the card
        card: NounPhrase,
        /// when it may also be played
        when: Spanned<Event>,
        /// what is paid
        paying: Spanned<Expr>,
        /// an extra cost: a card to spend
        spending: Option<NounPhrase>,
    },
    /// `If your fixer area is empty, play this Program for 1 €$.`
    PlayForIf {
        /// when the cost applies
        condition: Spanned<Condition>,
        /// the card
        card: NounPhrase,
        /// the cost to pay instead
        cost: u32,
    },
}

// ---- Effects and sentences ------------------------------------------------------------------

/// What an ability does.
// One effect per ability is built once and read many times: the size of the variants is not worth boxing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// sentences resolved in order: `Trash 3. Add a Unit from among them to your hand.`
    Sentences(Vec<Spanned<Sentence>>),
    /// `Choose one effect.` ⏎ `Draw 2. // Draw 1.`
    Modal {
        /// `Choose one effect.` or `Give a friendly Unit these effects.`
        head: Spanned<ModalHead>,
        /// `If …, choose both instead.`
        rule: Option<Spanned<ModalRule>>,
        /// the modes, each one or more sentences
        modes: Vec<Vec<Spanned<Sentence>>>,
    },
}

/// The head of a modal effect.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModalHead {
    /// `Choose one effect.`
    ChooseOne,
    /// `Give a friendly Unit these effects.`: all modes, given to one Unit (`this Unit` in the modes)
    GiveAll {
        /// the Unit; binds
        target: NounPhrase,
    },
}

/// A rule that changes how the modes are chosen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModalRule {
    /// when it applies
    pub condition: Spanned<Condition>,
    /// what changes
    pub change: ModeChange,
}

/// How the choice of modes changes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModeChange {
    /// `choose both instead`
    ChooseBoth,
    /// `they instead choose one effect for you`: the Rival (`they`) picks one mode
    RivalChoosesOne {
        /// who `they` is
        chooser: Ref,
    },
}

/// One sentence: `Then, if you control a min Gig, draw 1.`
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sentence {
    /// what opens it: `Then,`, `If …,`, `If you do,`, `Otherwise,`, `During your turn,`
    pub lead: Option<Spanned<Lead>>,
    /// what it says
    pub clause: Spanned<Clause>,
    /// reminder text after the full stop
    pub reminders: Vec<Reminder>,
}

/// What opens a sentence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lead {
    /// `Then,` or `Then, if …,`
    Then {
        /// the condition after `Then,`
        condition: Option<Spanned<Condition>>,
    },
    /// `If …,`
    If(Spanned<Condition>),
    /// `If you do,`: only if the sentence named happened
    IfYouDo {
        /// the optional or fallible sentence
        depends_on: SentenceId,
    },
    /// `Otherwise,`: only if the sentence named did not happen (or its condition was false)
    Otherwise {
        /// the sentence it is the alternative to
        depends_on: SentenceId,
    },
    /// `Until your next turn,`, `During your turn,`, `While fighting a rival Unit,`
    During(Spanned<Duration>),
}

/// What a sentence says.
// Built once per sentence and matched on by the interpreter: plain variants read better than boxes.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Clause {
    /// `The next time a friendly Unit loses a fight this turn, defeat the opposing rival Unit.`
    Delayed {
        /// the event, once, this turn
        event: Spanned<Event>,
        /// what happens then
        then: Box<Spanned<Clause>>,
    },
    /// An order to the player: `You may defeat 2 instead if …`
    Do {
        /// `you may`
        optional: bool,
        /// `also`
        also: bool,
        /// the actions, in order
        steps: Vec<Step>,
        /// `instead`: the sentence this one replaces
        instead: Option<SentenceId>,
        /// a trailing `if …`
        condition: Option<Spanned<Condition>>,
    },
    /// A statement about something: `This Unit can't attack.`
    State {
        /// what it is about; binds
        subject: NounPhrase,
        /// what is said
        predicate: Spanned<Predicate>,
    },
}

/// One action of a sentence, with how it follows the one before.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// how it is joined to the action before: `and` or `, then`
    pub link: Option<Link>,
    /// the action
    pub action: Spanned<Action>,
}

/// How two actions of a sentence are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Link {
    /// `and`
    And,
    /// `, then`
    Then,
}

/// An imperative verb phrase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// `Add a Unit from among them to your hand`, `Add 1 to your hand`
    AddToHand {
        /// the cards
        what: NounPhrase,
        /// the cards looked at that they are taken from, when the text leaves it out
        /// (`Add 1 to your hand` after `Search the top 3 cards of your deck.`)
        from: Option<Ref>,
    },
    /// `add 1 more for each friendly min Gig`
    AddMore {
        /// how many more per counted thing
        count: u32,
        /// what is counted
        per: NounPhrase,
        /// the cards looked at that they are taken from
        from: Option<Ref>,
    },
    /// `Adjust a Gig by up to ±2`, `Increase a Gig by 4`, `Decrease a Gig by up to 3` (rule 6.4)
    ChangeGig {
        /// increase, decrease or either
        direction: Direction,
        /// the Gig
        gig: NounPhrase,
        /// by how much
        amount: Amount,
    },
    /// `Bottom-deck the rest`, `Bottom-deck it after you play it`, `… in any order`
    BottomDeck {
        /// the cards
        what: NounPhrase,
        /// `after you play it`
        after_playing: Option<NounPhrase>,
        /// `in any order`: the player chooses the order instead of randomizing (rule 11.12.2)
        #[serde(default)]
        any_order: bool,
    },
    /// `Call a Legend for free` (rule 5.7.3)
    Call {
        /// the Legend
        what: NounPhrase,
        /// `for free`
        free: bool,
    },
    /// `Choose a Program from your trash`, `choose a card type`
    Choose {
        /// what is chosen; binds
        what: NounPhrase,
    },
    /// `Defeat a rival Unit`, `Defeat it at the end of this turn`
    Defeat {
        /// what is defeated
        what: NounPhrase,
        /// when, if not now
        when: Option<Spanned<Duration>>,
    },
    /// `Discard 1`, `discard a Program from your hand`
    Discard {
        /// the cards
        what: NounPhrase,
    },
    /// `double this Unit's power`
    Double {
        /// the number doubled
        what: Spanned<Expr>,
    },
    /// `Draw 2`, `draw 1 for each friendly face-up Legend`, `Draw up to 2`
    Draw {
        /// `up to`: the player chooses how many, then draws exactly that many (rule 11.5.2.2)
        #[serde(default)]
        up_to: bool,
        /// how many (per counted thing)
        count: u32,
        /// `for each …`
        per: Option<NounPhrase>,
    },
    /// `End the attack`: the current attack ends (rule 9.26.4)
    EndAttack,
    /// `Equip it for free to a friendly Yellow Unit with no equipped Gears`
    Equip {
        /// the Gear
        gear: NounPhrase,
        /// `only`: restricts where it may be equipped
        only: bool,
        /// `for free`
        free: bool,
        /// the card equipped
        to: NounPhrase,
    },
    /// `you win the game`, `you lose the game`: an alternate win or lose condition met
    /// (rules 1.12, 1.15)
    GameResult {
        /// `win` rather than `lose`
        win: bool,
    },
    /// `Give a friendly Unit +2 power this turn`
    Give {
        /// who gets it
        target: NounPhrase,
        /// what is given
        grants: Vec<Grant>,
        /// how long, and multipliers
        modifiers: Vec<Modifier>,
    },
    /// `ignore the result` (of a roll)
    IgnoreResult {
        /// the Gig rolled
        of: Ref,
    },
    /// `Look at a friendly face-down Legend without revealing it`
    LookAt {
        /// the card
        what: NounPhrase,
        /// `without revealing it`
        without_revealing: Option<NounPhrase>,
    },
    /// `Play it for free`
    Play {
        /// the card
        what: NounPhrase,
        /// `for free`
        free: bool,
    },
    /// `Ready this Legend`, `ready 2 Eddies`
    Ready {
        /// what is readied
        what: NounPhrase,
    },
    /// `remove this Legend from the game`
    RemoveFromGame {
        /// the card
        what: NounPhrase,
    },
    /// `reroll it once`
    RerollOnce {
        /// the Gig
        what: NounPhrase,
    },
    /// `Return a spent Unit with cost 4 or less to its owner's hand`
    ReturnToOwnersHand {
        /// the card (`its` in `its owner's hand`)
        what: NounPhrase,
    },
    /// `Reveal the top card of your deck`
    Reveal {
        /// the cards
        what: NounPhrase,
        /// the cards looked at that they are taken from, when the text leaves it out
        /// (`Reveal a Gear` after `Search the top 3 cards of your deck.`)
        from: Option<Ref>,
    },
    /// `Search the top 3 cards of your deck for up to 1 BRAINDANCE Program`
    Search {
        /// the cards searched
        what: NounPhrase,
        /// what is searched for
        for_: Option<NounPhrase>,
    },
    /// `Sell the top card of your deck` (rule 11.9.2.2)
    Sell {
        /// the card
        what: NounPhrase,
    },
    /// `Set a player's Gig to the same value as another player's Gig`
    SetGig {
        /// the Gig
        gig: NounPhrase,
        /// its new value
        to: SetValue,
    },
    /// `Spend a rival Unit for each friendly value-pair of Gigs`
    Spend {
        /// what is spent
        what: NounPhrase,
        /// `for each …`: repeat the action
        per: Option<NounPhrase>,
    },
    /// `spend 1 €$ to defeat this Legend` (a payment, then the action)
    PayTo {
        /// eddies spent
        eddies: u32,
        /// what the payment does
        action: Box<Spanned<Action>>,
    },
    /// `steal a rival Gig with the same number of sides` (rule 6.7)
    Steal {
        /// the Gig
        what: NounPhrase,
    },
    /// `Swap a friendly Gig with a rival Gig` (rule 6.6)
    Swap {
        /// one Gig
        gig: NounPhrase,
        /// the other
        with: NounPhrase,
    },
    /// `Trash 3`, `Trash the rest`, `trash it`, `Trash up to 2`
    Trash {
        /// `up to` before a bare count: the player chooses how many, then trashes exactly that
        /// many (rule 11.7.2.1.2)
        #[serde(default)]
        up_to: bool,
        /// the cards (a bare count: from the top of your deck, rule 11.7.2.1)
        what: NounPhrase,
    },
}

/// Which way a Gig's value changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// `Increase`
    Increase,
    /// `Decrease`
    Decrease,
    /// `Adjust`: either way, the player's choice
    Adjust,
}

/// An amount of change: `by 4`, `by up to 3`, `by up to ±2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amount {
    /// `up to`: any number from 0 (rule 2.8)
    pub up_to: bool,
    /// written with `±`
    pub plus_minus: bool,
    /// the number
    pub n: u32,
}

/// The new value of a Gig.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetValue {
    /// `1`
    Number(u32),
    /// `the same value as another player's Gig`
    SameValueAs(NounPhrase),
    /// `the value of another Gig`
    ValueOf(NounPhrase),
}

/// What `Give` gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Grant {
    /// `+2 power`
    Power(i32),
    /// `{Blocker}`
    Keyword(KeywordName),
}

/// A duration or multiplier after a change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Modifier {
    /// `this turn`, `while attacking`
    Duration(Spanned<Duration>),
    /// `for each friendly Gig`
    ForEach(NounPhrase),
}

/// How long something lasts, or when it applies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// `this turn`
    ThisTurn,
    /// `until your next turn`
    UntilYourNextTurn,
    /// `at the end of this turn` (a delayed action)
    AtEndOfThisTurn,
    /// `while attacking`
    WhileAttacking,
    /// `while fighting rival Units`
    WhileFighting(NounPhrase),
    /// `the turn it's played`, `the turn they're played`: only in the turn the subject was played
    TurnPlayed {
        /// `they're` rather than `it's`
        plural: bool,
        /// whose turn of play
        of: Ref,
    },
    /// `next turn`
    NextTurn,
    /// `during your turn`
    DuringYourTurn,
}

// ---- Statements -----------------------------------------------------------------------------

/// What a statement says about its subject.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Predicate {
    /// `can't attack`, `can't attack until your next turn`, `can't attack unless …`
    CantAttack {
        /// for how long
        duration: Option<Spanned<Duration>>,
        /// `unless …`
        unless: Option<Spanned<Condition>>,
    },
    /// `can't be blocked`
    CantBeBlocked,
    /// `can't be defeated in a fight this turn`
    CantBeDefeatedInAFight {
        /// for how long
        duration: Spanned<Duration>,
    },
    /// `can't ready until your next turn`
    CantReady {
        /// for how long
        duration: Spanned<Duration>,
    },
    /// `can't steal friendly Gigs with value higher than their power`
    CantSteal {
        /// the Gigs
        what: NounPhrase,
    },
    /// `can attack spent rival Units the turn it's played`
    CanAttack {
        /// what may be attacked
        target: AttackTarget,
        /// when
        duration: Option<Spanned<Duration>>,
    },
    /// `may attack ready Units`
    MayAttack {
        /// what may be attacked
        target: NounPhrase,
    },
    /// `may use {Go Solo} for -2 €$ this turn, to a minimum of 1 €$`
    MayUseFor {
        /// the keyword
        keyword: KeywordName,
        /// the change to its cost
        change: i32,
        /// for how long
        duration: Spanned<Duration>,
        /// the lowest cost
        minimum: u32,
    },
    /// `must attack next turn if it can`
    MustAttack {
        /// when
        duration: Spanned<Duration>,
    },
    /// `must pay +2 €$ to use {Go Solo}`
    MustPayToUse {
        /// the extra cost
        change: i32,
        /// the keyword
        keyword: KeywordName,
    },
    /// `has +2 power for each friendly Gig`, `have +1 power while attacking`
    HasPower {
        /// the change
        change: i32,
        /// how long, and multipliers
        modifiers: Vec<Modifier>,
    },
    /// `has {Adrenaline}`
    HasKeyword(KeywordName),
    /// `gains power equal to that card's cost this turn`, `loses power equal to …`
    PowerEqualTo {
        /// `gains` (true) or `loses`
        gains: bool,
        /// by how much
        amount: Spanned<Expr>,
        /// for how long
        duration: Spanned<Duration>,
    },
    /// `steals 1 fewer Gig this turn`
    StealsFewer {
        /// how many fewer
        count: u32,
        /// for how long
        duration: Spanned<Duration>,
    },
    /// `also steals a Gig`
    AlsoSteals {
        /// the Gig
        what: NounPhrase,
    },
    /// `discards 1`, `discards 1 more`; the discarded cards bind (`the card's cost`)
    Discards {
        /// how many
        count: u32,
        /// `more`
        more: bool,
        /// the discarded cards
        binds: BindingId,
    },
    /// `discards their hand and may draw 5`
    DiscardsHand {
        /// whose hand (`their`)
        whose: Ref,
        /// `and may draw 5`
        then_may_draw: Option<u32>,
    },
    /// `defeats one of their Units`
    Defeats {
        /// what is defeated
        what: NounPhrase,
    },
    /// `wins all fights against CORPO Units`
    WinsAllFightsAgainst {
        /// the opponents
        against: NounPhrase,
    },
    /// `chooses whether you add them to your hand or trash them`
    ChoosesWhether {
        /// the first choice
        first: Vec<Step>,
        /// the second choice
        second: Vec<Step>,
    },
    /// `isn't stolen`
    IsntStolen,
}

/// What may be attacked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackTarget {
    /// `spent rival Units`
    Cards(NounPhrase),
    /// `their Gig area` (the Rival's, rule 9.3)
    GigArea {
        /// whose (`their`)
        whose: Ref,
    },
}

// ---- Events and conditions ------------------------------------------------------------------

/// Something that happens in the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// `you play a BRAINDANCE Program`
    YouPlay(NounPhrase),
    /// `you roll in a Gig from your fixer area` (rule 8.6.5)
    YouRollIn(NounPhrase),
    /// `you roll a min or max value on a Gig`
    YouRollMinOrMax(NounPhrase),
    /// `this Unit steals a Gig`, `a rival Unit would steal a Gig`
    Steals {
        /// who steals
        subject: NounPhrase,
        /// what
        object: NounPhrase,
        /// `would steal`: before it happens
        would: bool,
    },
    /// `this Unit or Legend is spent`
    IsSpent(NounPhrase),
    /// `an ARASAKA Unit is defeated`
    IsDefeated(NounPhrase),
    /// `this Unit uses {Blocker}`
    Uses {
        /// who
        subject: NounPhrase,
        /// the keyword
        keyword: KeywordName,
    },
    /// `a rival Unit attacks`
    Attacks(NounPhrase),
    /// `this Unit loses a fight`; the opposing Unit binds
    LosesAFight {
        /// who
        subject: NounPhrase,
        /// the Unit it fought (`the opposing rival Unit`)
        opponent: BindingId,
    },
    /// `a friendly Unit wins a fight by 3+ power`
    WinsAFight {
        /// who
        subject: NounPhrase,
        /// `by 3+ power`
        by_at_least: Option<u32>,
        /// the Unit it fought
        opponent: BindingId,
    },
    /// `a Rival decreases a friendly Gig`
    Decreases {
        /// who
        subject: NounPhrase,
        /// the Gig
        object: NounPhrase,
    },
}

/// Something checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// `you have 7+ ☆ (Street Cred)`
    CredAtLeast {
        /// the threshold
        n: u32,
        /// the reminder after ☆
        reminder: Option<Reminder>,
    },
    /// `you have less than 20 ☆ (Street Cred)`
    CredLessThan {
        /// the threshold
        n: u32,
        /// the reminder after ☆
        reminder: Option<Reminder>,
    },
    /// `you have more ☆ (Street Cred) than a Rival`
    CredComparedTo {
        /// more (true) or less
        more: bool,
        /// the reminder after ☆
        reminder: Option<Reminder>,
        /// the other player; binds (`they`)
        than: NounPhrase,
    },
    /// `your ☆ (Street Cred) is an even number` (null ☆ is neither, rule 5.11.4.1)
    CredParity {
        /// the reminder after ☆
        reminder: Option<Reminder>,
        /// even or odd
        parity: Parity,
    },
    /// `your ☆ (Street Cred) differs from a Rival's by 10+`
    CredDiffers {
        /// the reminder after ☆
        reminder: Option<Reminder>,
        /// the other player
        from: NounPhrase,
        /// the least difference
        by_at_least: u32,
    },
    /// `your fixer area is empty` (rule 5.10.5)
    FixerAreaEmpty,
    /// `you control a min Gig`, `you have a sided-pair of Gigs`
    YouControl {
        /// written `have` rather than `control`
        have: bool,
        /// what must exist
        what: NounPhrase,
    },
    /// `you trash them` (which choice was made)
    YouDid(Box<Spanned<Action>>),
    /// `you played a Program this turn`
    YouPlayed {
        /// the card
        what: NounPhrase,
        /// when
        duration: Spanned<Duration>,
    },
    /// `a Rival controls at least 2 more Gigs than you`
    ControlsMoreGigs {
        /// the player; binds (`their Gig area`)
        who: NounPhrase,
        /// `at least 2`
        at_least: Option<u32>,
    },
    /// `it's at max value`, `this Unit is spent`, `that Legend is ARASAKA or has {Go Solo}`
    Is {
        /// written `it's`
        contracted: bool,
        /// what is checked
        subject: NounPhrase,
        /// what it must be
        complement: Complement,
        /// `or has {Go Solo}`
        or_has: Option<KeywordName>,
    },
    /// `the card's cost equals the value of a friendly Gig`
    Equals(Spanned<Expr>, Spanned<Expr>),
    /// `its value is even`
    NumberParity(Spanned<Expr>, Parity),
    /// `a friendly Gig has the same value` (as the Gig named before)
    HasSameValue {
        /// what is checked
        subject: NounPhrase,
        /// the Gig compared with
        as_: Ref,
    },
    /// `this Unit wins a fight against a rival Unit` (during this attack; hard case 3.6)
    WinsAFightAgainst {
        /// who
        subject: NounPhrase,
        /// the opponent
        against: NounPhrase,
    },
}

/// Even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Parity {
    /// even
    Even,
    /// odd
    Odd,
}

/// What something is said to be.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Complement {
    /// `spent`, `equipped`, `empty`
    State(State),
    /// `at max value`
    AtMaxValue,
    /// `ARASAKA`, `an AI, DRONE, or VEHICLE`: has one of the tags
    Tags {
        /// written with `a`/`an`
        article: bool,
        /// the tags
        tags: Vec<String>,
    },
    /// `a ROCKER Unit`, `a d20`, `the chosen type`
    Kind(NounPhrase),
}

/// A state word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// `spent`
    Spent,
    /// `equipped`
    Equipped,
    /// `empty`
    Empty,
}

/// A number read from the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expr {
    /// `the value of a friendly d20`
    ValueOf(NounPhrase),
    /// `the total number of discarded cards` (by this effect)
    TotalDiscarded,
    /// `this Unit's power`, `its cost`, `their power`
    Stat {
        /// whose
        owner: Owner,
        /// which number
        stat: Stat,
    },
}

/// Whose number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    /// `its`
    Its(Ref),
    /// `their` (each one's own)
    Their(Ref),
    /// `that Gig's`
    Of(NounPhrase),
}

/// A number printed on or held by a card or Gig.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// power
    Power,
    /// cost
    Cost,
    /// value (of a Gig)
    Value,
}

// ---- Noun phrases ---------------------------------------------------------------------------

/// A noun phrase: `up to 2 MERC Legends in your Legends area`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NounPhrase {
    /// what it is
    pub node: Np,
    /// the referent it introduces, if any
    pub binds: Option<BindingId>,
    /// reminder text written right after it
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminder: Option<Reminder>,
    /// where it is written
    pub span: Span,
}

/// The kinds of noun phrase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Np {
    /// `it`, `them`, `they`
    Pronoun {
        /// the word
        word: Pronoun,
        /// what it stands for
        refers_to: Ref,
    },
    /// `the top card of your deck`, `the top 3 cards of your deck`
    TopOfDeck {
        /// how many (absent: one)
        count: Option<u32>,
    },
    /// `the rest`: the cards looked at and not taken
    Rest {
        /// the cards looked at
        of: Ref,
    },
    /// `1` standing for cards: `Discard 1`, `discard 1 with cost equal to …`
    Count {
        /// how many
        count: u32,
        /// filters
        post: Vec<Spanned<PostMod>>,
        /// what is counted when its noun and filters are left out: `You may defeat 2 instead`
        /// counts the `rival Unit with power 4 or less` of the sentence it replaces
        elided: Option<Ref>,
    },
    /// a determiner, modifiers and a noun
    Phrase(Box<Phrase>),
    /// `this Unit and a rival Unit`
    And(Box<NounPhrase>, Box<NounPhrase>),
}

/// A pronoun.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pronoun {
    /// `it`
    It,
    /// `them`
    Them,
    /// `they`
    They,
}

/// A determiner, modifiers in their fixed order, and a noun.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Phrase {
    /// `a Rival's`, `another player's`
    pub owner: Option<Possessor>,
    /// the determiner
    pub quantity: Quantity,
    /// what a definite determiner (`that`, `the`, `those`, `its`, `their`, `this`) points at
    pub refers_to: Option<Ref>,
    /// `other`
    pub other: bool,
    /// `first`
    pub first: bool,
    /// `opposing`, `discarded`, `chosen`
    pub participle: Option<Participle>,
    /// `spent`, `ready`
    pub orientation: Option<Orientation>,
    /// `friendly`, `rival`
    pub controller: Option<Controller>,
    /// `equipped`, `face-up`, …
    pub status: Option<Status>,
    /// a tag, colour, `min` or `lowest-power`
    pub quality: Option<Quality>,
    /// the noun
    pub head: Head,
    /// `or face-up Legend`
    pub or: Option<OrHead>,
    /// filters, zones and the like after the noun
    pub post: Vec<Spanned<PostMod>>,
}

/// Whose: `a Rival's`, `another player's`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Possessor {
    /// `another` rather than `a`
    pub another: bool,
    /// `Rival` rather than `player`
    pub rival: bool,
}

/// A determiner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantity {
    /// no determiner: `rival Units`, `friendly Gig` after `for each`
    Bare,
    /// `a`, `an`: one, chosen (rule 10.31)
    One,
    /// `another`: one other than the one meant before
    Another,
    /// `all`
    All,
    /// `each`
    Each,
    /// `this`
    This,
    /// `that`
    That,
    /// `the`
    The,
    /// `those`
    Those,
    /// `its`
    Its,
    /// `your`
    Your,
    /// `their`
    Their,
    /// `one or more`
    OneOrMore,
    /// `one of their`
    OneOfTheir,
    /// `up to 2`
    UpTo(u32),
    /// `2`
    Exactly(u32),
    /// `2 or more`
    AtLeast(u32),
}

/// `opposing`, `discarded`, `chosen`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Participle {
    /// `opposing`
    Opposing,
    /// `discarded`
    Discarded,
    /// `chosen`
    Chosen,
}

/// `spent` or `ready` (rule 5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// `spent`
    Spent,
    /// `ready`
    Ready,
}

/// `friendly` or `rival`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Controller {
    /// `friendly`
    Friendly,
    /// `rival`
    Rival,
}

/// `equipped`, `unequipped`, `face-up`, `face-down`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// `equipped`
    Equipped,
    /// `unequipped`
    Unequipped,
    /// `face-up`
    FaceUp,
    /// `face-down`
    FaceDown,
}

/// A tag, colour, `min` or `lowest-power`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quality {
    /// `ARASAKA` (rule 3.13)
    Tag(String),
    /// `Blue` (rule 3.20)
    Colour(crate::card::Color),
    /// `min`
    Min,
    /// `lowest-power`
    LowestPower,
    /// `max` (a Gig at its highest value, rule 6.3)
    Max,
}

/// The noun of a noun phrase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Head {
    /// which noun
    pub noun: Noun,
    /// written in the plural
    pub plural: bool,
}

/// A noun.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Noun {
    /// `Unit`
    Unit,
    /// `Legend`
    Legend,
    /// `Gear`
    Gear,
    /// `Program`
    Program,
    /// `card`
    Card,
    /// `card type`
    CardType,
    /// `type`
    Type,
    /// `Gig`
    Gig,
    /// `Eddie`
    Eddie,
    /// `d20`
    Die(u32),
    /// `value-pair` (rule 6.5)
    ValuePair,
    /// `sided-pair` (two Gigs with the same number of sides)
    SidedPair,
    /// `player`
    Player,
    /// `Rival` (the player)
    Rival,
    /// `"DEADMAN TRANSMITTER"`
    Named(String),
}

/// A second noun sharing the determiner: `or face-up Legend`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OrHead {
    /// `face-up`
    pub status: Option<Status>,
    /// `Blue`
    pub colour: Option<crate::card::Color>,
    /// the noun
    pub head: Head,
}

/// What follows the noun.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PostMod {
    /// `with power 4 or less`
    With(Filter),
    /// `from your hand or trash`
    FromZone(Vec<Zone>),
    /// `from among them`
    FromAmong(NounPhrase),
    /// `from this Legend`
    FromCard(NounPhrase),
    /// `in your trash`
    In(Vec<Zone>),
    /// `of Gigs`
    OfGigs,
    /// `at max value`
    AtMaxValue,
}

/// A zone of yours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// `hand`
    Hand,
    /// `trash`
    Trash,
    /// `deck`
    Deck,
    /// `fixer area`
    FixerArea,
    /// `Legends area`
    LegendsArea,
}

/// A filter after `with`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Filter {
    /// `power 4 or less`, `cost equal to or less than …`
    Stat {
        /// which number
        stat: Stat,
        /// the comparison
        cmp: Comparison,
    },
    /// `8+ value`
    ValueAtLeast(u32),
    /// `an even value`
    ValueParity(Parity),
    /// `different values`
    DifferentValues,
    /// `the same number of sides` (as the Gig named before)
    SameSidesAs(Ref),
    /// `less power than a friendly Unit`
    LessPowerThan(NounPhrase),
    /// `no equipped Gears`
    NoEquipped(Head),
    /// `{Blocker}`
    Keyword(KeywordName),
}

/// A comparison with a number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Comparison {
    /// `0`
    Is(u32),
    /// `4 or less`
    AtMost(u32),
    /// `2 or more`
    AtLeast(u32),
    /// `equal to the Gig's value`
    EqualTo(Spanned<Expr>),
    /// `equal to or less than the value of a friendly d20`
    AtMostExpr(Spanned<Expr>),
    /// `higher than their power`
    HigherThan(Spanned<Expr>),
    /// `less than its power`
    LessThan(Spanned<Expr>),
}
