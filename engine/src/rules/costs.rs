//! What a player pays (rules 3.11, 11.8): the floor of a reduction (rule 11.8.3). The cost
//! rules of card text themselves are read through [`super::text::CardText::play_cost`].

/// `base` changed by `change`; a reduction stops at `floor` (the printed minimum, or 0: FAQ-047
/// overrides rule 11.8.3's floor of 1 where a text prints none), and never raises a cost already
/// below it.
pub(crate) fn reduced(base: i32, change: i32, floor: i32) -> u8 {
    let v = if change < 0 {
        (base + change).max(floor.min(base))
    } else {
        base + change
    };
    v.clamp(0, i32::from(u8::MAX)) as u8
}
