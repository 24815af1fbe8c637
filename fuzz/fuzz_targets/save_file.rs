//! Fuzz target: any bytes as a saved game must load or fail with an error; a save that loads
//! replays, then takes a few more decisions, without a panic.
#![no_main]

#[path = "common.rs"]
mod common;

use gigscript_engine::save::SaveFile;
use libfuzzer_sys::fuzz_target;

/// Most saved choices replayed, then decisions taken after them, per input.
const MAX_REPLAYED: usize = 2_000;
const MORE: usize = 8;

fuzz_target!(|data: &[u8]| {
    let Ok(save) = SaveFile::from_bytes(data) else {
        return;
    };
    let Ok(mut game) = save.replay(common::pool(), MAX_REPLAYED) else {
        return;
    };
    for k in 0..MORE {
        let Some(d) = game.decision() else {
            break;
        };
        assert!(!d.options.is_empty(), "an empty option list");
        let ix = (save.seed as usize ^ k) % d.options.len();
        game.apply(&d.options[ix]).expect("an option applies");
    }
});
