//! Statements about each player: `Each player discards their hand and may draw 5.`
//! (PHRASES hard case 3.17; rule 10.2.2: the turn player acts first, then their Rival).

use super::EffectRun;
use crate::game::{Game, Stop};
use crate::rules::Action as Act;
use crate::state::{PlayerId, Zone};

impl Game {
    /// Resolves `Each player discards their hand [and may draw N]` one player at a time, the
    /// turn player first (rule 10.2.2). Steps: `2k` the k-th player discards and is asked
    /// about the draw; `2k + 1` they draw if they said yes. Returns false while it waits.
    pub(crate) fn each_discards_hand(
        &mut self,
        run: &mut EffectRun,
        may_draw: Option<u32>,
    ) -> Result<bool, Stop> {
        let first = self.state.turn_player;
        while run.step < 4 {
            let p: PlayerId = if run.step < 2 { first } else { first.other() };
            if run.step % 2 == 0 {
                let hand = self.state.player(p).hand.clone();
                for &i in &hand {
                    self.act(Act::Move {
                        inst: i,
                        to: Zone::Trash,
                        player: p,
                    })?;
                }
                run.discarded = run
                    .discarded
                    .saturating_add(u16::try_from(hand.len()).unwrap_or(u16::MAX));
                run.happened |= !hand.is_empty();
                run.step += 1;
                if may_draw.is_some() {
                    run.chooser = Some(p);
                    run.delta = None;
                    run.ask = Some(super::run::Ask::PlayerMay);
                    return Ok(false);
                }
                run.step += 1;
            } else {
                if run.delta == Some(1) {
                    for _ in 0..may_draw.unwrap_or(0) {
                        self.act(Act::Draw(p))?;
                    }
                    run.happened = true;
                }
                run.delta = None;
                run.chooser = None;
                run.step += 1;
            }
        }
        Ok(true)
    }
}
