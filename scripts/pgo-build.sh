#!/usr/bin/env bash
# Builds `gig` with profile-guided optimisation, for long headless runs (`gig sim`): a build that
# records where the time goes, a training run of random and greedy games, then a build laid out
# and inlined for what that run did. The binary is written to target/pgo/gig.
#
# It is built for headless runs: a panic aborts the process instead of unwinding (a `gig sim`
# run stops at a panic either way), and the profile's hot blocks are laid out with LLVM's
# ext-TSP placement. Use the ordinary release build for `gig lsp`, which answers a request
# that panics with an error and carries on.
#
#   scripts/pgo-build.sh                 # trains on the sample decks
#   scripts/pgo-build.sh --cards DIR --decks A.toml B.toml
#                                        # trains on your cards and decks (any `gig sim` options)
#
# Needs rustup's llvm-tools component (for llvm-profdata of the compiler's own LLVM); the script
# adds it when rustup is there. Building twice with fat LTO takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v rustup >/dev/null 2>&1; then
    rustup component add llvm-tools >/dev/null 2>&1 || true
fi
sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    echo "error: $profdata not found: install rustup's llvm-tools component" >&2
    exit 1
fi

dir="$PWD/target/pgo"
export CARGO_PROFILE_RELEASE_PANIC=abort
rm -rf "$dir/profiles" "$dir/gig.profdata"
mkdir -p "$dir/profiles"

echo "1/3 building the instrumented gig"
RUSTFLAGS="-Cprofile-generate=$dir/profiles" CARGO_TARGET_DIR="$dir/generate" \
    cargo build --release --bin gig --quiet

echo "2/3 training: random and greedy games"
"$dir/generate/release/gig" sim --games 3000 --bots random --threads 1 "$@" >/dev/null
"$dir/generate/release/gig" sim --games 300 --bots greedy,random --threads 1 "$@" >/dev/null
"$profdata" merge -o "$dir/gig.profdata" "$dir/profiles"

echo "3/3 building gig with the profile"
RUSTFLAGS="-Cprofile-use=$dir/gig.profdata -Cllvm-args=-enable-ext-tsp-block-placement=true" CARGO_TARGET_DIR="$dir/use" \
    cargo build --release --bin gig --quiet
cp "$dir/use/release/gig" "$dir/gig"
echo "built target/pgo/gig"
