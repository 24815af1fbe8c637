#!/usr/bin/env bash
# Builds the playground into web/dist/: the wasm module (the `web` profile, optimised without
# the release profile's whole-program LTO, which serves headless games; wasm32-unknown-unknown), its
# JavaScript glue from wasm-bindgen, and the static page. Serve web/dist/ with any static file
# server, e.g. `python3 -m http.server -d web/dist 8000`.
set -euo pipefail
cd "$(dirname "$0")/.."
# Must equal the version of the wasm-bindgen crate in web/Cargo.toml.
WASM_BINDGEN_VERSION=0.2.129
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
    cargo install wasm-bindgen-cli --locked --version "$WASM_BINDGEN_VERSION"
fi
cargo build -p gigscript-web --target wasm32-unknown-unknown --profile web
rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist \
    target/wasm32-unknown-unknown/web/gigscript_web.wasm
cp web/www/* web/dist/
echo "built web/dist/ ($(du -sh web/dist | cut -f1))"
