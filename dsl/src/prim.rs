//! The core of the card language: what every phrase means, as a few game primitives.
//!
//! Lowering (`crate::lower`) turns a card's syntax tree into these types, once, when the card is
//! loaded; the engine's interpreter executes only them, with one dispatch per enum. Nothing here
//! knows card text, spans aside (kept so a run-time problem can point at the words), nor game
//! state: objects are named through slots, references and predicates, which the interpreter
//! evaluates against the state.
//!
//! The families, each used wherever it makes sense:
//! - [`Selector`]: which objects (cards, Gigs, players), from where, filtered by a [`Pred`], how
//!   many ([`Count`]), and the slot they are bound to;
//! - [`Num`]: numbers read from the game (a literal, a count, a stat, ☆, arithmetic);
//! - [`Pred`]: a property of one object; [`Cond`]: a fact about the game;
//! - [`EventPattern`]: a kind of game event with who did it to what, for triggers, `would`
//!   replacements, `The first time … each turn` and this turn's history;
//! - [`Statement`]: a permission, prohibition or modifier about the objects a selector describes,
//!   with a condition and a duration (static abilities and the lasting effects of an effect);
//! - [`Op`]: the operations of an effect, in blocks, with their control flow.
//!
//! Conventions. "You" is the controller of the ability (rule 10.1.4). `Rel::Friendly` and
//! `Rel::Rival` are relative to that player. A card "Unit" is a Unit card in the field or a Legend
//! in the field (rule 4.2.1, FAQ: a Legend on the field is a Unit and a Legend at once); cards in
//! other areas are described by their printed type.

use crate::card::{CardType, Color, Keyword};
use crate::source::Span;
use serde::{Deserialize, Serialize};

// ---- Cards and abilities --------------------------------------------------------------------

/// A card's text, lowered: its abilities in line order (a Gear's top textbox first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardCore {
    /// the abilities, one a line (rule 10.1.1); `line` numbers them from 0 across both textboxes
    pub abilities: Vec<Ability>,
    /// the keywords the text gives the card (`{Blocker}` written as a line)
    pub keywords: Vec<Keyword>,
}

/// One ability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    /// its line, from 0, top textbox first (the index of `EffectRef::Text`)
    pub line: u16,
    /// the words of the whole line (for prompts, logs and diagnostics)
    pub span: Span,
    /// which textbox: on a Gear, `Rules` (bottom) abilities are its host's (rule 4.11)
    pub top: bool,
    /// what it is
    pub body: Body,
}

/// What an ability is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Body {
    /// `{Blocker}`, `{Go Solo}`, `{Adrenaline}`: a keyword the card has (rules 11.23–11.26)
    Keyword(Keyword),
    /// reminder or flavour text only: no meaning (rule 3.18.1.2.2)
    Nothing,
    /// `{Play} …`, `When … , …`, `The first time … each turn, …`, `At the end of your turn, …`
    Triggered {
        /// what makes it trigger
        on: TriggerOn,
        /// `The first time … each turn`: only if no earlier event of the turn matched (FAQ §3:
        /// the turn's events count, also those before the card was in play)
        first_each_turn: bool,
        /// what it does
        effect: Effect,
    },
    /// `{Quick} 1 €$, {Spend}: …`, `When a rival Unit attacks, {Spend}: …` (rules 10.18–10.20)
    Activated {
        /// `{Quick}`: also in the React Step (rule 11.26)
        quick: bool,
        /// `When <event>,`: only in the window that event opens
        window: Option<EventPattern>,
        /// the costs before the colon
        costs: Costs,
        /// what it does
        effect: Effect,
    },
    /// statements that hold while the card is in play (face-up; a Gear's bottom textbox for its
    /// host): `This Unit can't attack.`, `During your turn, this Legend has +2 power …`
    Static(Vec<Statement>),
    /// a Program's effect (rule 4.14); `{Quick}`: it may be played in the React Step
    Resolution {
        /// `{Quick}`
        quick: bool,
        /// what it does
        effect: Effect,
    },
    /// a rule about what something costs or when it may be played, read where costs are
    /// computed: `Play this Unit for -1 €$ for each Unit in your trash, to a minimum of 1 €$.`
    Cost(CostRule),
    /// `If <…> would <action>, <effect> instead.` (rules 10.24–10.30)
    Replacement {
        /// the action replaced
        replaces: EventPattern,
        /// `you may …`: its controller chooses whether it applies (rule 10.26)
        optional: bool,
        /// what happens instead
        effect: Effect,
    },
}

impl Body {
    /// What the ability does, where it does something: the effect of a triggered, activated,
    /// Program or replacement ability.
    pub fn effect(&self) -> Option<&Effect> {
        match self {
            Body::Triggered { effect, .. }
            | Body::Activated { effect, .. }
            | Body::Resolution { effect, .. }
            | Body::Replacement { effect, .. } => Some(effect),
            _ => None,
        }
    }
}

/// What triggers an ability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TriggerOn {
    /// timing labels about the card itself (on a Gear's bottom textbox: its host): `{Play}`,
    /// `{Attack}`, `{Defeated}`, `{Call}` (`{Flip}` reads as `{Call}`) (rules 11.17–11.21);
    /// `{Play} {Attack}`: either
    Labels(Vec<Label>),
    /// an event (`When …,`, `The first time …`)
    Event(EventPattern),
    /// `At the start of your turn,`, `At the end of a Rival's turn,` (rules 8.6, 8.16)
    Turn {
        /// the start rather than the end
        start: bool,
        /// whose turn
        whose: Who,
    },
}

/// A timing label (rules 11.17–11.21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Label {
    /// `{Play}`
    Play,
    /// `{Attack}`
    Attack,
    /// `{Defeated}`
    Defeated,
    /// `{Call}` (and the alpha `{Flip}`)
    Call,
}

/// The costs of an activated ability (rule 10.19).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Costs {
    /// €$ to pay
    pub eddies: u32,
    /// `{Spend}`: spend the card (a Gear's: its host, rule 4.11.3)
    pub spend: bool,
}

/// A rule about a cost or a way to play (rules 11.1, 11.8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CostRule {
    /// what it is about
    pub of: Costed,
    /// how the cost changes
    pub change: CostChange,
    /// when it applies: `If your fixer area is empty, …`
    pub when: Cond,
}

/// What a cost rule is about.
// Built once per card when it is loaded and only read afterwards: boxing the large variants
// would cost an indirection for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Costed {
    /// playing this card (`Play this Unit for …`)
    ThisCard,
    /// playing the cards a selector describes (`your first CYBERWARE Gear each turn`,
    /// `Your next Program this turn`); `first_each_turn`: only the first such play of the turn
    Plays {
        /// which cards (in the hand, trash, … of the player)
        what: Pred,
        /// only the first such card played each turn
        first_each_turn: bool,
        /// only the next such card played (`Your next Program this turn plays for …`): the
        /// statement ends when it is used
        next_only: bool,
    },
    /// Calling a Legend (`During your turn, you may Call a Legend for free.`)
    Call,
    /// this card's activated ability (`This effect costs …`)
    ThisEffect,
    /// using a keyword (`to use {Go Solo}`) by the cards the predicate describes
    Use {
        /// the keyword
        keyword: Keyword,
        /// whose use
        by: Pred,
    },
    /// another time to play this card, with extra costs (`You may also play this Program when a
    /// Unit attacks by paying … and spending …`)
    AlsoWhen {
        /// the window
        window: EventPattern,
        /// a card to spend as an extra cost
        spending: Option<Selector>,
    },
}

/// A change of cost.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CostChange {
    /// `for -1 €$ for each …`, `+2 €$`: added to the cost (negative: a reduction), never below
    /// `minimum` when given (rule 11.8.3; FAQ-047: with no minimum printed, down to 0)
    Add {
        /// the change, counted when the cost is computed
        by: Num,
        /// `to a minimum of 1 €$`
        minimum: Option<u32>,
    },
    /// `play this Program for 1 €$`: the cost is this instead
    Set(Num),
    /// `for free`
    Free,
}

// ---- Effects --------------------------------------------------------------------------------

/// An effect: blocks of operations, block 0 first (rules 10.2–10.10). Blocks are an arena so a
/// resolving effect's position is a list of (block, index) pairs that clones and serialises.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// the blocks; `blocks[0]` is the effect's body
    pub blocks: Vec<Block>,
    /// how many slots (bindings) it uses
    pub slots: u16,
    /// the sentences, in order, for `If you do` and prompts: their spans
    pub sentences: Vec<Span>,
}

/// Operations resolved in order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Block(pub Vec<Op>);

/// An index into [`Effect::blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BlockId(pub u16);

/// A binding: the objects a phrase introduced (`a rival Unit` … `it`), or an event's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Slot(pub u16);

/// A sentence of the effect, for `If you do` / `Otherwise`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SentenceId(pub u16);

/// One operation, with the sentence it belongs to (an operation that changes the game marks its
/// sentence as having happened) and its words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Op {
    /// the sentence
    pub sentence: SentenceId,
    /// the words it was lowered from
    pub span: Span,
    /// what it does
    pub kind: OpKind,
}

/// The operations.
// Built once per card when it is loaded and only read afterwards: boxing the large variants
// would cost an indirection for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OpKind {
    /// `If …,`, `Then, if …,`, `If you do,`, `Otherwise,`, a trailing `if …`
    If {
        /// the test, read when the operation is reached
        cond: Cond,
        /// done if it holds
        then: BlockId,
        /// done if it doesn't
        otherwise: Option<BlockId>,
    },
    /// `you may …`, `… and may draw 5`: `who` is asked yes or no — only when the block can do
    /// something (rule 10.7: with no legal option no choice is made)
    May {
        /// who answers
        who: Who,
        /// done on yes
        then: BlockId,
        /// done on no (`Otherwise,` after a `you may`)
        otherwise: Option<BlockId>,
    },
    /// choose objects and bind them (rule 10.31; `a`: exactly one if there is one, `up to N`:
    /// how many first, then which; `all`/`each`: every one, no question)
    Choose {
        /// the objects offered
        from: Selector,
        /// where the choice is kept
        into: Slot,
        /// who chooses (default: you; `A Rival discards 1`: that Rival)
        by: Who,
    },
    /// `Choose one effect.` (rule 10.9): one block, or all in order when `all_if` holds
    Modes {
        /// the modes, with their words (the labels of the choice)
        modes: Vec<(BlockId, Span)>,
        /// who chooses (`they instead choose one effect for you`: the Rival when `rival_if`)
        by: Who,
        /// `If …, choose both instead.`
        all_if: Option<Cond>,
        /// `If …, they instead choose one effect for you.`
        rival_if: Option<Cond>,
    },
    /// `A Rival chooses whether you add them to your hand or trash them`: `by` picks one block
    Whether {
        /// who chooses
        by: Who,
        /// the choices, in the card's order, with their words (the labels of the choice)
        choices: Vec<(BlockId, Span)>,
        /// which was chosen, kept for `If you trash them`
        into: Slot,
    },
    /// `choose a card type` (rule 3.3): the answer is kept in the slot
    ChooseType {
        /// where the answer is kept
        into: Slot,
        /// who chooses
        by: Who,
    },
    /// a game action
    Do(GameAction),
    /// a statement that lasts (rules 10.22, 10.23): `Give a friendly Unit +2 power this turn`,
    /// `A rival Unit can't attack until your next turn`
    Make(Statement),
    /// a delayed effect (rule 8.16.1, `The next time … this turn, …`): made now, done then
    Later {
        /// when
        when: Later,
        /// what then (its slots are this effect's, as bound now; the event's objects are bound
        /// into the pattern's slots)
        then: BlockId,
    },
    /// `Each player defeats one of their Units.`, `Each player discards their hand and may draw
    /// 5.`: the block once for each player, the turn player first, the player bound to `player`
    /// (`their` in the block)
    ForEachPlayer {
        /// where the player is bound
        player: Slot,
        /// the block
        body: BlockId,
    },
    /// `for each …` over a whole action (`Spend a rival Unit for each friendly value-pair`):
    /// the block `times` times, counted once when reached
    Repeat {
        /// how many times
        times: Num,
        /// the block
        body: BlockId,
    },
}

/// When a delayed effect happens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Later {
    /// `at the end of this turn` (rule 8.16.1)
    EndOfTurn,
    /// `The next time <event> this turn`: once, at the next matching event of this turn
    NextTime(EventPattern),
}

/// A game action on objects already chosen (a slot) or named (this card, an event's object).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GameAction {
    /// `Draw 2`, `Each player draws 2` (rule 11.5)
    Draw {
        /// who draws
        who: Who,
        /// how many
        n: Num,
        /// `Draw up to 2`: 0..=n, chosen first, then exactly that many (rule 11.5.2.2)
        up_to: bool,
        /// the drawn cards are bound here (`Draw 1. If it's a Unit, …`)
        into: Option<Slot>,
    },
    /// cards go to a zone: `Add it to your hand`, `Discard 1`, `Trash it`, `Bottom-deck the rest`,
    /// `Return … to its owner's hand`, `remove this Legend from the game`
    Move {
        /// the cards
        what: Target,
        /// where
        to: Dest,
        /// how the move is named in the log and for events (`discard`, `trash`, …)
        verb: MoveVerb,
    },
    /// `Trash 3` (the top cards of a deck, rule 11.7.2.1)
    TrashTop {
        /// whose deck
        whose: Who,
        /// how many
        n: Num,
        /// the trashed cards are bound here (`from among them`)
        into: Slot,
        /// `Trash up to 2`: 0..=n, chosen first (rule 11.7.2.1.2)
        up_to: bool,
    },
    /// `Defeat …` (rule 11.4)
    Defeat(Target),
    /// `Spend …` (rule 3.7)
    Spend(Target),
    /// `Ready …` (rule 3.8)
    Ready(Target),
    /// `Increase/Decrease/Adjust a Gig by (up to) N` (rule 6.4)
    ChangeGig {
        /// the Gig
        gig: Target,
        /// which way
        dir: Dir,
        /// by how much (the most, with `up_to`)
        by: Num,
        /// `up to`: 0..=N, chosen (rule 2.8)
        up_to: bool,
    },
    /// `Set a Gig to N`, `… to the value of another Gig` (rule 6.4.3)
    SetGig {
        /// the Gig
        gig: Target,
        /// the value
        to: Num,
    },
    /// `Swap a friendly Gig with a rival Gig` (rule 6.6)
    Swap {
        /// one
        a: Target,
        /// the other
        b: Target,
    },
    /// `steal a rival Gig …` (rule 6.7.1.2), by the card named (an event's Unit) or you
    Steal {
        /// the Gig
        gig: Target,
        /// the stealing Unit, if the text names one (`it also steals a Gig`)
        by: Option<Target>,
    },
    /// `reroll it once`
    Reroll(Target),
    /// `Reveal …` (rule 11.14): shown to both players
    Reveal(Target),
    /// `Look at …`: shown to you only
    Look(Target),
    /// `Sell …` (rule 11.9.2.2)
    Sell(Target),
    /// `Call a Legend for free` (rule 5.7.3)
    Call {
        /// the Legend
        legend: Target,
        /// `for free`
        free: bool,
    },
    /// `Play it for free` (rule 11.8.4): played from where it is, then the effect resumes
    Play {
        /// the card
        card: Target,
        /// `for free`
        free: bool,
        /// `Equip it only to another friendly Unit`: where a Gear may go
        host: Option<Pred>,
        /// `Bottom-deck it after you play it`: where a Program played so goes once resolved,
        /// instead of the trash (rule 4.14.3)
        after: Option<Dest>,
    },
    /// `Equip it to …` (rule 11.6)
    Equip {
        /// the Gear
        gear: Target,
        /// the card it goes on
        to: Target,
    },
    /// `Move a Gear from this Legend to an unequipped friendly Unit` (Gear changes host)
    MoveGear {
        /// the Gear
        gear: Target,
        /// the new host
        to: Target,
    },
    /// `Pay 2 €$`, `spend 1 €$ to …` (rule 11.8): the player pays or the sentence fails
    Pay(Num),
    /// `ignore the result and reroll it`
    IgnoreResult,
    /// `End the attack` (rule 9.26.4)
    EndAttack,
    /// `you win the game`, `you lose the game` (rules 1.12, 1.15)
    GameResult {
        /// win rather than lose
        win: bool,
    },
    /// `the Gig isn't stolen`, `it doesn't defeat the opposing friendly Unit`: the event that is
    /// about to happen (a `would` trigger's, a delayed effect's) does not happen
    Prevent(Target),
}

/// Which way a Gig changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dir {
    /// `Increase`
    Up,
    /// `Decrease`
    Down,
    /// `Adjust`: either, chosen
    Either,
}

/// Where cards go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dest {
    /// its owner's hand (`to your hand` for your own cards)
    Hand,
    /// its owner's trash
    Trash,
    /// the bottom of its owner's deck: `Random` (rule 11.12.1) or `Chosen` (`in any order`, 11.12.2)
    DeckBottom(Order),
    /// the top of its owner's deck
    DeckTop,
    /// removed from the game (rule 5.13)
    Removed,
}

/// The order of cards put somewhere together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    /// random (rule 11.12.1)
    Random,
    /// chosen by the player (`in any order`)
    Chosen,
}

/// How a move is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveVerb {
    /// `add … to your hand`
    Add,
    /// `return … to its owner's hand`
    Return,
    /// `discard`
    Discard,
    /// `trash`
    Trash,
    /// `bottom-deck`
    BottomDeck,
    /// `put … on top of …`
    Put,
    /// `remove … from the game`
    Remove,
}

/// The objects an action applies to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Target {
    /// the objects bound to a slot (a `Choose` before, `it`, `them`, an event's object)
    Slot(Slot),
    /// the card itself (`this Unit` on a Unit)
    This,
    /// the card a Gear is equipped to (`this Unit` in a Gear's bottom textbox, rule 4.11)
    Host,
    /// every object a selector describes, when the action is done (`Defeat all other Units`)
    All(Box<Selector>),
    /// the object a statement or an event pattern is being read for: `their power` in `rival
    /// Units can't steal friendly Gigs with value higher than their power`, `its power` in
    /// `another friendly Unit steals a Gig with value less than its power`
    Subject,
}

// ---- Selectors, predicates, numbers ---------------------------------------------------------

/// Which objects: `up to 2 MERC Legends in your Legends area`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Selector {
    /// where they are looked for
    pub scope: Scope,
    /// what they must be
    pub filter: Pred,
    /// how many
    pub count: Count,
    /// `the … with the highest/lowest power`, `lowest-power`: only the best of those matching
    pub best: Option<Best>,
}

/// Where a selector looks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Scope {
    /// cards in play: the field and the Legends areas (rule 5.1)
    InPlay,
    /// cards in areas of a player: `in your trash`, `from your hand or trash`, `a Rival's hand`
    Zones {
        /// the areas
        zones: Vec<Area>,
        /// whose
        whose: Who,
    },
    /// `the top 3 cards of your deck` (rule 5.5)
    TopOfDeck {
        /// whose deck
        whose: Who,
        /// how many
        n: Num,
    },
    /// the objects of a slot: `from among them`, `it`
    Slot(Slot),
    /// the objects of a slot not moved since they were bound, less those of other slots:
    /// `the rest` (rule 11.13.3)
    Rest {
        /// the cards looked at
        of: Slot,
    },
    /// Gigs in Gig areas: `a friendly Gig`, `a Gig` (either player's, FAQ §12.9)
    Gigs,
    /// dice in a player's fixer area (rule 5.10)
    Fixer(Who),
    /// players: `a Rival`, `each player`
    Players,
    /// this card only
    This,
    /// the card this Gear is equipped to
    Host,
    /// a player's Eddies (rule 5.8): `ready 2 Eddies`
    Eddies(Who),
}

/// A card area, as text names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Area {
    /// `hand`
    Hand,
    /// `deck`
    Deck,
    /// `trash`
    Trash,
    /// `field`
    Field,
    /// `Legends area`
    Legends,
    /// `Eddies area`
    Eddies,
}

/// How many objects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Count {
    /// exactly this many if there are that many (rule 10.7: as many as possible), chosen
    Exactly(Num),
    /// `up to N`: how many first (0..=N), then which (rule 2.8)
    UpTo(Num),
    /// `any number of`: 0 or more, chosen one at a time with a way to stop
    AnyNumber,
    /// `all`, `each`, a bare plural: every one, no question
    All,
    /// searching a hidden set (rule 11.13.4.1): up to N, and failing to find is allowed
    Search(Num),
}

/// `highest`/`lowest` of a stat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Best {
    /// which stat
    pub stat: Stat,
    /// highest rather than lowest
    pub highest: bool,
}

/// A number printed on or held by an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stat {
    /// power (computed, rule 3.17)
    Power,
    /// cost (printed; discounts never change it, FAQ-035)
    Cost,
    /// a Gig's value
    Value,
    /// a Gig's number of sides
    Sides,
    /// RAM
    Ram,
}

/// A property of one object (card, Gig or player), read from the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Pred {
    /// anything
    True,
    /// all of these
    All(Vec<Pred>),
    /// any of these: `CORPO or GANGER`, `Unit or face-up Legend`
    Any(Vec<Pred>),
    /// not this
    Not(Box<Pred>),
    /// a card of one of these types, as it is now (a Legend in the field is a Unit too)
    Type(Vec<CardType>),
    /// a Gig
    Gig,
    /// a player
    Player,
    /// controlled by you / a Rival (a Gig: in whose Gig area; a player: you or not)
    Rel(Rel),
    /// owned by you / a Rival
    Owner(Rel),
    /// has this tag (rule 3.13)
    Tag(String),
    /// of this colour
    Colour(Color),
    /// named so: `"DEADMAN TRANSMITTER"`, `named "V"` (rule 3.10)
    Named(String),
    /// spent (rule 5.2)
    Spent,
    /// face-up
    FaceUp,
    /// a Unit or Legend with Gear on it; a Gear on something
    Equipped,
    /// has this keyword (printed, from its text, or given)
    Keyword(Keyword),
    /// a number of it compares to another: `with power 4 or less`, `with cost equal to …`
    Stat {
        /// which number
        stat: Stat,
        /// how it compares
        cmp: Cmp,
        /// with what
        to: Num,
    },
    /// even or odd value (0 and null are neither, FAQ §12.9)
    Parity {
        /// which number
        stat: Stat,
        /// even or odd
        parity: Parity,
    },
    /// a Gig at its lowest value (rule 6.3)
    Min,
    /// a Gig at its highest value (rule 6.3)
    Max,
    /// a Gig whose value no object of the selector has (`with a value not shared by a friendly
    /// Gig`), or whose sides equal those of a slot's Gig (`the same number of sides`)
    Shares {
        /// which number
        stat: Stat,
        /// with what
        with: Box<Selector>,
    },
    /// this very object: one of a slot's, the card itself, its host, the subject
    Is(Target),
    /// in one of these areas
    InZone(Vec<Area>),
    /// entered its area this turn (`the turn it's played`)
    EnteredThisTurn,
    /// the attacking / blocking / attacked Unit of the current attack
    Role(Role),
    /// it did this this turn: `that attacked this turn`, `this Unit stole a Gig this turn`
    /// (the pattern's actor or object is the object tested, as `subject` says)
    Did {
        /// the event
        pattern: Box<EventPattern>,
        /// whether the object is the event's actor (true) or its object
        as_actor: bool,
    },
    /// it is a card of the chosen type (`If it's the chosen type`)
    OfChosenType(Slot),
    /// it has Gear matching (`with no equipped Gear` is `Not(HasGear(True))`)
    HasGear(Box<Pred>),
    /// a Gear equipped to this object (`each of its equipped Gears`, `its "DEADMAN TRANSMITTER"`)
    EquippedTo(Target),
    /// controlled by this player (`another player's Gig`: not by the controller of the first)
    ControlledBy(Who),
    /// in the current fight, against an object the predicate describes (`while fighting a Legend`)
    Fighting(Box<Pred>),
}

/// A role in the current attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// the attacking Unit
    Attacking,
    /// the Unit that blocked
    Blocking,
    /// the Unit attacked
    Attacked,
    /// either Unit of the current fight
    Fighting,
}

/// Friendly or rival (rule 1.5), relative to the ability's controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rel {
    /// `friendly`, yours
    Friendly,
    /// `rival`, a Rival's
    Rival,
}

/// Even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Parity {
    /// even
    Even,
    /// odd
    Odd,
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cmp {
    /// `=`
    Eq,
    /// `≠`
    Ne,
    /// `<`
    Lt,
    /// `≤`
    Le,
    /// `>`
    Gt,
    /// `≥`
    Ge,
}

/// A player, relative to the ability's controller.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Who {
    /// you (the ability's controller)
    You,
    /// a Rival (in a two-player game, the other player)
    Rival,
    /// each player, you first (rule 10.10 / turn order)
    Each,
    /// the player bound to a slot (`that Rival`, `they`)
    Slot(Slot),
    /// the controller of an object (`Its controller draws 1`)
    ControllerOf(Target),
    /// the owner of an object (`its owner's hand`)
    OwnerOf(Target),
    /// whose turn it is
    TurnPlayer,
}

/// A number, read when needed. A number that stands for several values (`the value of a friendly
/// Gig`) compares true when any of its values does (FAQ §12.9), and is the one chosen (or the
/// only one) where a single amount is needed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Num {
    /// `2`
    Lit(i64),
    /// `the number of friendly Units`, `for each …`
    Count(Box<Selector>),
    /// `this Unit's power`, `its cost`, `that Gig's value`
    Stat {
        /// whose
        of: Target,
        /// which
        stat: Stat,
    },
    /// `the value of a friendly Gig`, `power equal to a friendly max Gig`: the values of every
    /// object the selector describes
    Values {
        /// which objects
        of: Box<Selector>,
        /// which number
        stat: Stat,
    },
    /// a player's ☆ (rule 5.11.4): `None` (null) when they control no Gig
    Cred(Who),
    /// `value-pair`s among the objects (rule 6.5): pairs of equal value, each object in one pair
    Pairs {
        /// which objects
        of: Box<Selector>,
        /// the number compared (value, or sides for `sided-pair`)
        stat: Stat,
    },
    /// how many different values among the objects (`2 or more Gigs with different values`)
    Distinct {
        /// which objects
        of: Box<Selector>,
        /// which number
        stat: Stat,
    },
    /// `a + b`
    Add(Box<Num>, Box<Num>),
    /// `a × b` (`+2 power for each …`)
    Mul(Box<Num>, Box<Num>),
    /// `-a`
    Neg(Box<Num>),
    /// `|a - b|` (`differs from a Rival's by 10+`)
    Diff(Box<Num>, Box<Num>),
    /// `the total number of discarded cards`: the cards this card's effects discarded while it
    /// resolved (a Program's lines resolve in order, rule 4.14)
    Discarded,
}

/// A fact about the game, read when needed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Cond {
    /// always
    True,
    /// not this
    Not(Box<Cond>),
    /// all of these
    All(Vec<Cond>),
    /// any of these
    Any(Vec<Cond>),
    /// two numbers compare: `you have 7+ ☆`, `you control 3 or more Units`, `its cost equals the
    /// value of a friendly Gig` (null ☆ compares false, except `less than`, rule 5.11.4)
    Cmp {
        /// left
        left: Num,
        /// how
        cmp: Cmp,
        /// right
        right: Num,
    },
    /// `your ☆ is an even number` (null is neither)
    Parity(Num, Parity),
    /// every object a selector describes has the property: `all friendly Legends are face-up`
    Every(Box<Selector>, Pred),
    /// an object has the property: `this Unit is spent`, `it's a Program`, `that Legend is
    /// ARASAKA or has {Go Solo}`
    Is(Target, Pred),
    /// the sentence happened (`If you do`)
    Did(SentenceId),
    /// it is this player's turn (`During your turn,`)
    TurnOf(Who),
    /// the answer kept in a slot by `Whether` is this choice (`If you trash them`)
    Chose {
        /// the slot
        slot: Slot,
        /// which choice
        choice: u16,
    },
    /// an event matching the pattern happened this turn: `you played a Program this turn`
    HappenedThisTurn(Box<EventPattern>),
    /// `If you have less ☆ than a Rival` is `Cmp`; this is the current attack's phase:
    /// the fight of the current attack is won by … (`{Attack} If this Unit wins a fight …`)
    WinsFight {
        /// who must win
        who: Target,
        /// against what
        against: Pred,
    },
}

// ---- Events ---------------------------------------------------------------------------------

/// A kind of event with who did it to what: `a friendly Unit steals 1 or more Gigs`, `a rival
/// Unit would steal a Gig`, `you play a BRAINDANCE Program`, `an ARASAKA Unit is defeated`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventPattern {
    /// the kinds (`adjusts or swaps`: either)
    pub kinds: Vec<EventKind>,
    /// who does it (a card or a player), if the text says
    pub actor: Pred,
    /// what it is done to, if the text says
    pub object: Pred,
    /// `against a rival Unit` (fights), `with …`
    pub other: Pred,
    /// `by 3+ power` (a won fight's margin)
    pub margin: Option<u32>,
    /// `1 or more Gigs`: once per event, not once per object (FAQ §12.10)
    pub per_event: bool,
    /// `would`: before it happens (a replacement or prevention window)
    pub would: bool,
    /// slots the event's objects are bound to for the effect (`it`, `that Gig`, `the opposing
    /// rival Unit`)
    pub binds: EventBinds,
}

/// Where an event's objects are bound.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EventBinds {
    /// the actor
    pub actor: Option<Slot>,
    /// the object(s)
    pub object: Option<Slot>,
    /// the other Unit of a fight
    pub other: Option<Slot>,
}

/// The kinds of game events a text can name (each is logged by the rules when it happens).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventKind {
    /// a card is played (rule 11.20; a Legend played to the field too, FAQ §12.2)
    Play,
    /// a Legend is Called (rule 11.18)
    Call,
    /// a Legend goes solo (rule 11.25)
    GoSolo,
    /// a Unit attacks (rule 11.21)
    Attack,
    /// a Unit uses {Blocker} (rule 11.24)
    Block,
    /// a Unit fights (rule 9.15)
    Fight,
    /// a Unit wins a fight (rule 9.17)
    WinFight,
    /// a Unit loses a fight (rule 9.18)
    LoseFight,
    /// a card is defeated (rule 11.19)
    Defeat,
    /// a card is spent
    Spend,
    /// a card is readied
    Ready,
    /// a Gig is stolen (rule 6.7)
    Steal,
    /// a card is drawn
    Draw,
    /// a card is discarded
    Discard,
    /// a card is sold (rule 11.9)
    Sell,
    /// a Gig is rolled in (rule 8.6.5)
    RollIn,
    /// a Gig is rolled to its min or max value
    RollMinMax,
    /// a Gig's value goes up (rule 6.4)
    Increase,
    /// a Gig's value goes down (rule 6.4)
    Decrease,
    /// a Gig's value is set (rule 6.4.3)
    SetGig,
    /// two Gigs are swapped (rule 6.6)
    Swap,
    /// a Gear is equipped (rule 11.6)
    Equip,
    /// a card returns to a hand
    Return,
    /// a card is bottom-decked (rule 11.12)
    BottomDeck,
    /// a card is trashed
    Trash,
    /// a card is removed from the game
    Remove,
}

// ---- Statements -----------------------------------------------------------------------------

/// A statement (rules 10.22, 10.23): what is said about the objects it is about, when it holds,
/// and how long it lasts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Statement {
    /// what it is about: the objects bound to a slot, this card, its host, or every object a
    /// predicate describes, read live (`Rival Units can't attack …`, also those that arrive
    /// later, FAQ §12.6)
    pub about: About,
    /// what is said
    pub says: Say,
    /// when it holds (live): `If you have less ☆ …`, `During your turn,`, `while attacking`
    pub when: Cond,
    /// how long a statement made by an effect lasts (a static one: while its card is in play)
    pub lasts: Lasts,
}

/// What a statement is about.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum About {
    /// fixed objects (a slot bound when the statement was made, this card, its host)
    Target(Target),
    /// every object the predicate describes, in play, read live
    Each(Pred),
    /// a player (`You may Call a Legend for free`, `Rivals must pay …`)
    Player(Who),
}

/// How long an effect's statement lasts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Lasts {
    /// a static ability: while its card is in play
    WhileInPlay,
    /// `this turn` (rule 8.16.2)
    ThisTurn,
    /// `until your next turn` (rule 8.6.2.1)
    UntilYourNextTurn,
    /// `next turn`: during the next turn of the controller of what it is about
    TheirNextTurn,
    /// until the current attack ends (rule 9.29): `while attacking` made by an effect
    ThisAttack,
    /// until the next attack of the card ends (`The next time this Unit attacks this turn, it may …`)
    NextAttack,
    /// while the card it is about stays where it is
    Indefinite,
}

/// What a statement says.
// Built once per card when it is loaded and only read afterwards: boxing the large variants
// would cost an indirection for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Say {
    /// `has +2 power`, `gains power equal to …`, `loses power equal to …` (rule 3.17.2)
    Power(Num),
    /// `double this Unit's power`
    DoublePower,
    /// `has {Adrenaline}`, `Give … {Blocker}` (rule 2.10)
    Keyword(Keyword),
    /// `can't attack`, `can't attack unless …` (the `unless` is in `when`)
    CantAttack,
    /// `can attack spent rival Units`, `can attack … the turn it's played` (despite Lag),
    /// `can attack ready Units with {Blocker}`, `can attack their Gig area`
    CanAttack {
        /// what may be attacked
        what: AttackWhat,
        /// despite Lag (`the turn it's played`, rule 11.3.1.1)
        despite_lag: bool,
    },
    /// `can only attack rival Units`
    CanOnlyAttack(AttackWhat),
    /// `must attack next turn if it can` (rule 9.2)
    MustAttack,
    /// `can't be blocked`
    CantBeBlocked,
    /// `can't block`
    CantBlock,
    /// `can't be defeated`, `can't be defeated in a fight` (rule 9.19.3)
    CantBeDefeated {
        /// only as the result of a fight
        in_fight: bool,
    },
    /// `can't ready`
    CantReady,
    /// `can't steal friendly Gigs with value higher than their power` (the Gigs it can't steal)
    CantSteal(Pred),
    /// `steals 1 fewer Gig`, `steals 1 more Gig` (rule 9.23)
    StealsMore(Num),
    /// `wins all fights against CORPO Units` (rule 9.17.4)
    WinsFightsAgainst(Pred),
    /// `it doesn't defeat the opposing friendly Unit` (a fight's defeat, rule 9.19)
    DoesntDefeatInFight(Pred),
    /// a cost rule said by a statement (`Rivals must pay +2 €$ to use {Go Solo}`, `may use {Go
    /// Solo} for -2 €$ this turn`, `Your next Program this turn plays for -1 €$ …`)
    Cost(CostRule),
}

/// What a Unit may attack.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AttackWhat {
    /// rival Units the predicate describes (besides the spent ones rule 9.3 allows)
    Units(Pred),
    /// a Rival's Gig area
    GigArea,
}

// ---- Reading the core -----------------------------------------------------------------------

/// The core as compact s-expressions, for snapshots and `gig explain`: `(choose (in-play (all
/// unit rival)) 1 -> s1)`.
mod show {
    use super::*;
    use std::fmt::{self, Display, Formatter};

    struct List<'a, T>(&'a [T]);
    impl<T: Display> Display for List<'_, T> {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            for (k, x) in self.0.iter().enumerate() {
                if k > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{x}")?;
            }
            Ok(())
        }
    }

    impl Display for CardCore {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            for a in &self.abilities {
                writeln!(f, "{a}")?;
            }
            Ok(())
        }
    }

    impl Display for Ability {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write!(
                f,
                "{}{}: {}",
                self.line,
                if self.top { " top" } else { "" },
                self.body
            )
        }
    }

    impl Display for Body {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Body::Keyword(k) => write!(f, "(keyword {k:?})"),
                Body::Nothing => write!(f, "(nothing)"),
                Body::Triggered {
                    on,
                    first_each_turn,
                    effect,
                } => {
                    let first = if *first_each_turn {
                        " first-each-turn"
                    } else {
                        ""
                    };
                    write!(f, "(triggered {on}{first}\n{effect})")
                }
                Body::Activated {
                    quick,
                    window,
                    costs,
                    effect,
                } => {
                    write!(f, "(activated{}", if *quick { " quick" } else { "" })?;
                    if let Some(w) = window {
                        write!(f, " (window {w})")?;
                    }
                    write!(
                        f,
                        " (costs {}{})",
                        costs.eddies,
                        if costs.spend { " spend" } else { "" }
                    )?;
                    write!(f, "\n{effect})")
                }
                Body::Static(v) => {
                    write!(f, "(static")?;
                    for s in v {
                        write!(f, " {s}")?;
                    }
                    write!(f, ")")
                }
                Body::Resolution { quick, effect } => {
                    write!(
                        f,
                        "(resolution{}\n{effect})",
                        if *quick { " quick" } else { "" }
                    )
                }
                Body::Cost(c) => write!(f, "{c}"),
                Body::Replacement {
                    replaces,
                    optional,
                    effect,
                } => write!(
                    f,
                    "(replacement{} {replaces}\n{effect})",
                    if *optional { " may" } else { "" }
                ),
            }
        }
    }

    impl Display for TriggerOn {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                TriggerOn::Labels(l) => write!(f, "(labels {l:?})"),
                TriggerOn::Event(e) => write!(f, "{e}"),
                TriggerOn::Turn { start, whose } => {
                    write!(f, "(turn-{} {whose})", if *start { "start" } else { "end" })
                }
            }
        }
    }

    impl Display for CostRule {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write!(f, "(cost {} {}", self.of, self.change)?;
            if self.when != Cond::True {
                write!(f, " (when {})", self.when)?;
            }
            write!(f, ")")
        }
    }

    impl Display for Costed {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Costed::ThisCard => write!(f, "this-card"),
                Costed::Plays {
                    what,
                    first_each_turn,
                    next_only,
                } => write!(
                    f,
                    "(plays {what}{}{})",
                    if *first_each_turn {
                        " first-each-turn"
                    } else {
                        ""
                    },
                    if *next_only { " next-only" } else { "" }
                ),
                Costed::Call => write!(f, "call"),
                Costed::ThisEffect => write!(f, "this-effect"),
                Costed::Use { keyword, by } => write!(f, "(use {keyword:?} {by})"),
                Costed::AlsoWhen { window, spending } => {
                    write!(f, "(also-when {window}")?;
                    if let Some(s) = spending {
                        write!(f, " (spending {s})")?;
                    }
                    write!(f, ")")
                }
            }
        }
    }

    impl Display for CostChange {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                CostChange::Add { by, minimum } => {
                    write!(f, "(add {by}")?;
                    if let Some(m) = minimum {
                        write!(f, " (min {m})")?;
                    }
                    write!(f, ")")
                }
                CostChange::Set(n) => write!(f, "(set {n})"),
                CostChange::Free => write!(f, "free"),
            }
        }
    }

    impl Display for Effect {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            for (k, b) in self.blocks.iter().enumerate() {
                if k > 0 {
                    writeln!(f)?;
                }
                write!(f, "  b{k}: {}", List(&b.0))?;
            }
            Ok(())
        }
    }

    impl Display for Op {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write!(f, "[{}]{}", self.sentence.0, self.kind)
        }
    }

    impl Display for BlockId {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write!(f, "b{}", self.0)
        }
    }

    impl Display for Slot {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write!(f, "s{}", self.0)
        }
    }

    impl Display for OpKind {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                OpKind::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    write!(f, "(if {cond} {then}")?;
                    if let Some(o) = otherwise {
                        write!(f, " else {o}")?;
                    }
                    write!(f, ")")
                }
                OpKind::May {
                    who,
                    then,
                    otherwise,
                } => {
                    write!(f, "(may {who} {then}")?;
                    if let Some(o) = otherwise {
                        write!(f, " else {o}")?;
                    }
                    write!(f, ")")
                }
                OpKind::Choose { from, into, by } => {
                    write!(f, "(choose {from} -> {into}")?;
                    if *by != Who::You {
                        write!(f, " by {by}")?;
                    }
                    write!(f, ")")
                }
                OpKind::Modes {
                    modes,
                    by,
                    all_if,
                    rival_if,
                } => {
                    write!(f, "(modes")?;
                    for (b, _) in modes {
                        write!(f, " {b}")?;
                    }
                    if *by != Who::You {
                        write!(f, " by {by}")?;
                    }
                    if let Some(c) = all_if {
                        write!(f, " (all-if {c})")?;
                    }
                    if let Some(c) = rival_if {
                        write!(f, " (rival-if {c})")?;
                    }
                    write!(f, ")")
                }
                OpKind::Whether { by, choices, into } => {
                    write!(f, "(whether {by}")?;
                    for (b, _) in choices {
                        write!(f, " {b}")?;
                    }
                    write!(f, " -> {into})")
                }
                OpKind::ChooseType { into, by } => write!(f, "(choose-type {by} -> {into})"),
                OpKind::Do(a) => write!(f, "{a}"),
                OpKind::Make(s) => write!(f, "(make {s})"),
                OpKind::Later { when, then } => write!(f, "(later {when} {then})"),
                OpKind::ForEachPlayer { player, body } => {
                    write!(f, "(each-player {player} {body})")
                }
                OpKind::Repeat { times, body } => write!(f, "(repeat {times} {body})"),
            }
        }
    }

    impl Display for Later {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Later::EndOfTurn => write!(f, "end-of-turn"),
                Later::NextTime(e) => write!(f, "(next-time {e})"),
            }
        }
    }

    impl Display for GameAction {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                GameAction::Draw { who, n, up_to, .. } => {
                    write!(f, "(draw {who} {}{n})", if *up_to { "up-to " } else { "" })
                }
                GameAction::Move { what, to, verb } => write!(f, "(move {what} {to:?} {verb:?})"),
                GameAction::TrashTop {
                    whose,
                    n,
                    into,
                    up_to,
                } => write!(
                    f,
                    "(trash-top {whose} {}{n} -> {into})",
                    if *up_to { "up-to " } else { "" }
                ),
                GameAction::Defeat(t) => write!(f, "(defeat {t})"),
                GameAction::Spend(t) => write!(f, "(spend {t})"),
                GameAction::Ready(t) => write!(f, "(ready {t})"),
                GameAction::ChangeGig {
                    gig,
                    dir,
                    by,
                    up_to,
                } => write!(
                    f,
                    "(change-gig {gig} {dir:?} {}{by})",
                    if *up_to { "up-to " } else { "" }
                ),
                GameAction::SetGig { gig, to } => write!(f, "(set-gig {gig} {to})"),
                GameAction::Swap { a, b } => write!(f, "(swap {a} {b})"),
                GameAction::Steal { gig, by } => {
                    write!(f, "(steal {gig}")?;
                    if let Some(b) = by {
                        write!(f, " by {b}")?;
                    }
                    write!(f, ")")
                }
                GameAction::Reroll(t) => write!(f, "(reroll {t})"),
                GameAction::Reveal(t) => write!(f, "(reveal {t})"),
                GameAction::Look(t) => write!(f, "(look {t})"),
                GameAction::Sell(t) => write!(f, "(sell {t})"),
                GameAction::Call { legend, free } => {
                    write!(f, "(call {legend}{})", if *free { " free" } else { "" })
                }
                GameAction::Play {
                    card,
                    free,
                    host,
                    after,
                } => {
                    write!(f, "(play {card}{}", if *free { " free" } else { "" })?;
                    if let Some(h) = host {
                        write!(f, " (host {h})")?;
                    }
                    if let Some(a) = after {
                        write!(f, " (after {a:?})")?;
                    }
                    write!(f, ")")
                }
                GameAction::Equip { gear, to } => write!(f, "(equip {gear} {to})"),
                GameAction::MoveGear { gear, to } => write!(f, "(move-gear {gear} {to})"),
                GameAction::Pay(n) => write!(f, "(pay {n})"),
                GameAction::IgnoreResult => write!(f, "(ignore-result)"),
                GameAction::EndAttack => write!(f, "(end-attack)"),
                GameAction::GameResult { win } => {
                    write!(f, "({} the game)", if *win { "win" } else { "lose" })
                }
                GameAction::Prevent(t) => write!(f, "(prevent {t})"),
            }
        }
    }

    impl Display for Target {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Target::Slot(s) => write!(f, "{s}"),
                Target::This => write!(f, "this"),
                Target::Host => write!(f, "host"),
                Target::All(s) => write!(f, "(every {s})"),
                Target::Subject => write!(f, "subject"),
            }
        }
    }

    impl Display for Selector {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write!(f, "({} {} {}", self.scope, self.filter, self.count)?;
            if let Some(b) = self.best {
                write!(
                    f,
                    " {}-{:?}",
                    if b.highest { "highest" } else { "lowest" },
                    b.stat
                )?;
            }
            write!(f, ")")
        }
    }

    impl Display for Scope {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Scope::InPlay => write!(f, "in-play"),
                Scope::Zones { zones, whose } => write!(f, "(zones {zones:?} {whose})"),
                Scope::TopOfDeck { whose, n } => write!(f, "(top {n} {whose})"),
                Scope::Slot(s) => write!(f, "{s}"),
                Scope::Rest { of } => write!(f, "(rest {of})"),
                Scope::Gigs => write!(f, "gigs"),
                Scope::Fixer(w) => write!(f, "(fixer {w})"),
                Scope::Players => write!(f, "players"),
                Scope::This => write!(f, "this"),
                Scope::Host => write!(f, "host"),
                Scope::Eddies(w) => write!(f, "(eddies {w})"),
            }
        }
    }

    impl Display for Count {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Count::Exactly(n) => write!(f, "{n}"),
                Count::UpTo(n) => write!(f, "up-to-{n}"),
                Count::AnyNumber => write!(f, "any-number"),
                Count::All => write!(f, "all"),
                Count::Search(n) => write!(f, "search-{n}"),
            }
        }
    }

    impl Display for Pred {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Pred::True => write!(f, "any"),
                Pred::All(v) => write!(f, "(and {})", List(v)),
                Pred::Any(v) => write!(f, "(or {})", List(v)),
                Pred::Not(p) => write!(f, "(not {p})"),
                Pred::Type(t) => {
                    let names: Vec<&str> = t.iter().map(|t| t.as_str()).collect();
                    write!(f, "{}", names.join("|"))
                }
                Pred::Gig => write!(f, "gig"),
                Pred::Player => write!(f, "player"),
                Pred::Rel(Rel::Friendly) => write!(f, "friendly"),
                Pred::Rel(Rel::Rival) => write!(f, "rival"),
                Pred::Owner(Rel::Friendly) => write!(f, "owned"),
                Pred::Owner(Rel::Rival) => write!(f, "rival-owned"),
                Pred::Tag(t) => write!(f, "{t}"),
                Pred::Colour(c) => write!(f, "{c:?}"),
                Pred::Named(n) => write!(f, "(named {n:?})"),
                Pred::Spent => write!(f, "spent"),
                Pred::FaceUp => write!(f, "face-up"),
                Pred::Equipped => write!(f, "equipped"),
                Pred::Keyword(k) => write!(f, "{{{k:?}}}"),
                Pred::Stat { stat, cmp, to } => write!(f, "({stat:?} {cmp} {to})"),
                Pred::Parity { stat, parity } => write!(f, "({stat:?} {parity:?})"),
                Pred::Min => write!(f, "min"),
                Pred::Max => write!(f, "max"),
                Pred::Shares { stat, with } => write!(f, "(shares {stat:?} {with})"),
                Pred::Is(t) => write!(f, "(is {t})"),
                Pred::InZone(z) => write!(f, "(in {z:?})"),
                Pred::EnteredThisTurn => write!(f, "entered-this-turn"),
                Pred::Role(r) => write!(f, "{r:?}"),
                Pred::Did { pattern, as_actor } => write!(
                    f,
                    "(did {pattern}{})",
                    if *as_actor { "" } else { " as-object" }
                ),
                Pred::OfChosenType(s) => write!(f, "(of-type {s})"),
                Pred::HasGear(p) => write!(f, "(has-gear {p})"),
                Pred::EquippedTo(t) => write!(f, "(equipped-to {t})"),
                Pred::ControlledBy(w) => write!(f, "(controlled-by {w})"),
                Pred::Fighting(p) => write!(f, "(fighting {p})"),
            }
        }
    }

    impl Display for Cmp {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            f.write_str(match self {
                Cmp::Eq => "=",
                Cmp::Ne => "!=",
                Cmp::Lt => "<",
                Cmp::Le => "<=",
                Cmp::Gt => ">",
                Cmp::Ge => ">=",
            })
        }
    }

    impl Display for Who {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Who::You => write!(f, "you"),
                Who::Rival => write!(f, "rival"),
                Who::Each => write!(f, "each"),
                Who::Slot(s) => write!(f, "{s}"),
                Who::ControllerOf(t) => write!(f, "(controller {t})"),
                Who::OwnerOf(t) => write!(f, "(owner {t})"),
                Who::TurnPlayer => write!(f, "turn-player"),
            }
        }
    }

    impl Display for Num {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Num::Lit(n) => write!(f, "{n}"),
                Num::Count(s) => write!(f, "(count {s})"),
                Num::Stat { of, stat } => write!(f, "({stat:?} {of})"),
                Num::Values { of, stat } => write!(f, "({stat:?}s {of})"),
                Num::Cred(w) => write!(f, "(cred {w})"),
                Num::Pairs { of, stat } => write!(f, "({stat:?}-pairs {of})"),
                Num::Distinct { of, stat } => write!(f, "(distinct-{stat:?} {of})"),
                Num::Add(a, b) => write!(f, "(+ {a} {b})"),
                Num::Mul(a, b) => write!(f, "(* {a} {b})"),
                Num::Neg(a) => write!(f, "(- {a})"),
                Num::Diff(a, b) => write!(f, "(diff {a} {b})"),
                Num::Discarded => write!(f, "discarded"),
            }
        }
    }

    impl Display for Cond {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Cond::True => write!(f, "true"),
                Cond::Not(c) => write!(f, "(not {c})"),
                Cond::All(v) => write!(f, "(and {})", List(v)),
                Cond::Any(v) => write!(f, "(or {})", List(v)),
                Cond::Cmp { left, cmp, right } => write!(f, "({cmp} {left} {right})"),
                Cond::Parity(n, p) => write!(f, "({p:?} {n})"),
                Cond::Every(s, p) => write!(f, "(every {s} {p})"),
                Cond::Is(t, p) => write!(f, "(is {t} {p})"),
                Cond::Did(s) => write!(f, "(did [{}])", s.0),
                Cond::TurnOf(w) => write!(f, "(turn-of {w})"),
                Cond::Chose { slot, choice } => write!(f, "(chose {slot} {choice})"),
                Cond::HappenedThisTurn(p) => write!(f, "(this-turn {p})"),
                Cond::WinsFight { who, against } => write!(f, "(wins-fight {who} {against})"),
            }
        }
    }

    impl Display for EventPattern {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write!(f, "(event")?;
            if self.would {
                write!(f, " would")?;
            }
            write!(f, " {:?}", self.kinds)?;
            if self.actor != Pred::True {
                write!(f, " (by {})", self.actor)?;
            }
            if self.object != Pred::True {
                write!(f, " (of {})", self.object)?;
            }
            if self.other != Pred::True {
                write!(f, " (against {})", self.other)?;
            }
            if let Some(m) = self.margin {
                write!(f, " (margin {m})")?;
            }
            if self.per_event {
                write!(f, " per-event")?;
            }
            let b = &self.binds;
            if b.actor.is_some() || b.object.is_some() || b.other.is_some() {
                write!(f, " (binds")?;
                for (name, s) in [("by", b.actor), ("of", b.object), ("against", b.other)] {
                    if let Some(s) = s {
                        write!(f, " {name}={s}")?;
                    }
                }
                write!(f, ")")?;
            }
            write!(f, ")")
        }
    }

    impl Display for Statement {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write!(f, "(statement {} {}", self.about, self.says)?;
            if self.when != Cond::True {
                write!(f, " (when {})", self.when)?;
            }
            write!(f, " {:?})", self.lasts)
        }
    }

    impl Display for About {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                About::Target(t) => write!(f, "{t}"),
                About::Each(p) => write!(f, "(each {p})"),
                About::Player(w) => write!(f, "(player {w})"),
            }
        }
    }

    impl Display for Say {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                Say::Power(n) => write!(f, "(power {n})"),
                Say::DoublePower => write!(f, "double-power"),
                Say::Keyword(k) => write!(f, "(keyword {k:?})"),
                Say::CantAttack => write!(f, "cant-attack"),
                Say::CanAttack { what, despite_lag } => write!(
                    f,
                    "(can-attack {what}{})",
                    if *despite_lag { " despite-lag" } else { "" }
                ),
                Say::CanOnlyAttack(w) => write!(f, "(can-only-attack {w})"),
                Say::MustAttack => write!(f, "must-attack"),
                Say::CantBeBlocked => write!(f, "cant-be-blocked"),
                Say::CantBlock => write!(f, "cant-block"),
                Say::CantBeDefeated { in_fight } => write!(
                    f,
                    "cant-be-defeated{}",
                    if *in_fight { "-in-fight" } else { "" }
                ),
                Say::CantReady => write!(f, "cant-ready"),
                Say::CantSteal(p) => write!(f, "(cant-steal {p})"),
                Say::StealsMore(n) => write!(f, "(steals-more {n})"),
                Say::WinsFightsAgainst(p) => write!(f, "(wins-fights-against {p})"),
                Say::DoesntDefeatInFight(p) => write!(f, "(doesnt-defeat {p})"),
                Say::Cost(c) => write!(f, "{c}"),
            }
        }
    }

    impl Display for AttackWhat {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            match self {
                AttackWhat::Units(p) => write!(f, "(units {p})"),
                AttackWhat::GigArea => write!(f, "gig-area"),
            }
        }
    }
}

pub use named::names;

/// Which slots a part of the core names, found by walking its derived serialisation: every
/// [`Slot`] inside it, in order, however deep (a pronoun, a condition on a chosen object, an
/// event pattern's binding). The walk is as complete as the types' `Serialize`, which every core
/// type derives, so a new variant needs nothing here.
mod named {
    use super::Slot;
    use serde::ser::{self, Serialize};
    use std::fmt;

    /// Calls `f` with each slot `x` names, in order; stops early when `f` says `false`.
    /// Returns whether it went through every one.
    pub fn names<T: Serialize + ?Sized>(x: &T, f: &mut dyn FnMut(Slot) -> bool) -> bool {
        let mut w = Walk {
            f,
            in_slot: false,
            go_on: true,
        };
        // The walk fails only to stop early.
        let _ = x.serialize(&mut w);
        w.go_on
    }

    struct Walk<'a> {
        f: &'a mut dyn FnMut(Slot) -> bool,
        in_slot: bool,
        go_on: bool,
    }

    /// Stops the walk early (the callback has its answer).
    #[derive(Debug)]
    struct Stop;

    impl fmt::Display for Stop {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("stopped")
        }
    }

    impl std::error::Error for Stop {}

    impl ser::Error for Stop {
        fn custom<T: fmt::Display>(_: T) -> Self {
            Stop
        }
    }

    type R = Result<(), Stop>;

    impl Walk<'_> {
        fn found(&mut self, v: u16) -> R {
            match (self.f)(Slot(v)) {
                true => Ok(()),
                false => {
                    self.go_on = false;
                    Err(Stop)
                }
            }
        }
    }

    /// Methods of the walk that read a scalar and do nothing with it.
    macro_rules! ignored {
        ($($method:ident: $t:ty),*) => {$(
            fn $method(self, _: $t) -> R {
                Ok(())
            }
        )*};
    }

    impl<'a, 'b> ser::Serializer for &'a mut Walk<'b> {
        type Ok = ();
        type Error = Stop;
        type SerializeSeq = Self;
        type SerializeTuple = Self;
        type SerializeTupleStruct = Self;
        type SerializeTupleVariant = Self;
        type SerializeMap = Self;
        type SerializeStruct = Self;
        type SerializeStructVariant = Self;

        // Scalars other than a slot's number say nothing of slots.
        ignored!(
            serialize_bool: bool,
            serialize_i8: i8,
            serialize_i16: i16,
            serialize_i32: i32,
            serialize_i64: i64,
            serialize_u8: u8,
            serialize_u32: u32,
            serialize_u64: u64,
            serialize_f32: f32,
            serialize_f64: f64,
            serialize_char: char,
            serialize_str: &str,
            serialize_bytes: &[u8]
        );
        fn serialize_u16(self, v: u16) -> R {
            match self.in_slot {
                true => self.found(v),
                false => Ok(()),
            }
        }
        fn serialize_none(self) -> R {
            Ok(())
        }
        fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> R {
            v.serialize(self)
        }
        fn serialize_unit(self) -> R {
            Ok(())
        }
        fn serialize_unit_struct(self, _: &'static str) -> R {
            Ok(())
        }
        fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> R {
            Ok(())
        }
        fn serialize_newtype_struct<T: Serialize + ?Sized>(self, name: &'static str, v: &T) -> R {
            let outer = self.in_slot;
            self.in_slot = name == "Slot";
            let r = v.serialize(&mut *self);
            self.in_slot = outer;
            r
        }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            v: &T,
        ) -> R {
            v.serialize(self)
        }
        fn serialize_seq(self, _: Option<usize>) -> Result<Self, Stop> {
            Ok(self)
        }
        fn serialize_tuple(self, _: usize) -> Result<Self, Stop> {
            Ok(self)
        }
        fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Stop> {
            Ok(self)
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self, Stop> {
            Ok(self)
        }
        fn serialize_map(self, _: Option<usize>) -> Result<Self, Stop> {
            Ok(self)
        }
        fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Stop> {
            Ok(self)
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self, Stop> {
            Ok(self)
        }
    }

    /// Each compound part is walked element by element.
    macro_rules! elements {
        ($($trait:ident :: $method:ident),*) => {$(
            impl ser::$trait for &mut Walk<'_> {
                type Ok = ();
                type Error = Stop;
                fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> R {
                    v.serialize(&mut **self)
                }
                fn end(self) -> R {
                    Ok(())
                }
            }
        )*};
    }
    elements!(
        SerializeSeq::serialize_element,
        SerializeTuple::serialize_element,
        SerializeTupleStruct::serialize_field,
        SerializeTupleVariant::serialize_field
    );

    impl ser::SerializeMap for &mut Walk<'_> {
        type Ok = ();
        type Error = Stop;
        fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> R {
            k.serialize(&mut **self)
        }
        fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> R {
            v.serialize(&mut **self)
        }
        fn end(self) -> R {
            Ok(())
        }
    }

    /// The fields of a struct, by name.
    macro_rules! fields {
        ($($trait:ident),*) => {$(
            impl ser::$trait for &mut Walk<'_> {
                type Ok = ();
                type Error = Stop;
                fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, v: &T) -> R {
                    v.serialize(&mut **self)
                }
                fn end(self) -> R {
                    Ok(())
                }
            }
        )*};
    }
    fields!(SerializeStruct, SerializeStructVariant);

    #[cfg(test)]
    mod tests {
        use super::super::*;

        fn all(x: &impl Serialize) -> Vec<u16> {
            let mut v = Vec::new();
            names(x, &mut |s| {
                v.push(s.0);
                true
            });
            v
        }

        /// Every slot, however deep, in order; and none where there is none.
        #[test]
        fn finds_every_slot_in_order() {
            let t = Target::Slot(Slot(3));
            assert_eq!(all(&t), [3]);
            assert_eq!(all(&Target::This), Vec::<u16>::new());
            let pair = (Target::Slot(Slot(1)), Some(Who::Slot(Slot(7))), Slot(2));
            assert_eq!(all(&pair), [1, 7, 2]);
            // Numbers that are not slots are not read as slots.
            assert_eq!(all(&(BlockId(4), 9u16, Slot(5))), [5]);
        }

        /// The walk stops where the callback says.
        #[test]
        fn stops_early() {
            let pair = (Slot(1), Slot(2), Slot(3));
            let mut seen = Vec::new();
            let whole = names(&pair, &mut |s| {
                seen.push(s.0);
                s.0 < 2
            });
            assert!(!whole);
            assert_eq!(seen, [1, 2]);
        }
    }
}
