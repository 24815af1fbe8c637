#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the repository's own files (run from anywhere; needs python3
# and a built `gig`). The corpora are not committed.
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd .. && pwd)"
mkdir -p corpus/{card_toml,deck_toml,card_text,rulings_toml,save_file,choices,card_beside_catalogue,play_lines}
cp "$root"/cards/*/*.toml corpus/card_toml/
cp "$root"/cards/*/*.toml "$root"/tests/fixtures/cards/*/*.toml corpus/card_beside_catalogue/
cp "$root"/decks/*.toml "$root"/tests/decks/*.toml corpus/deck_toml/ 2>/dev/null || true
for f in "$root"/cards/*/*.toml; do
  python3 -c 'import sys, tomllib; c = tomllib.load(open(sys.argv[1], "rb")); k = ["program", "unit", "legend", "gear"].index(c["type"]); sys.stdout.buffer.write(bytes([k]) + c.get("text", "").encode())' "$f" \
    > "corpus/card_text/$(basename "$f" .toml)"
done
# rulings: the rule rulings, the fixtures, and each card file's [[ruling]] tables on their own
cp "$root"/tests/rulings/*.toml "$root"/tests/fixtures/rulings/*.toml corpus/rulings_toml/
for f in "$root"/cards/*/*.toml; do
  python3 - "$f" > "corpus/rulings_toml/card-$(basename "$f")" <<'PY'
import sys
text = open(sys.argv[1]).read()
i = text.find("[[ruling]]")
print(text[i:] if i >= 0 else "")
PY
done
# saves: short games of `gig play` (option 1, then `save`), a few seeds
gig="$root/target/debug/gig"
[ -x "$gig" ] || (cd "$root" && cargo build -q)
for seed in 1 2 3 4 5 6 7 8; do
  n=$((seed * 7))
  { for _ in $(seq "$n"); do echo 1; done; echo "save $PWD/corpus/save_file/seed-$seed.json"; echo quit; } \
    | (cd "$root" && "$gig" play --seed "$seed" --bot random >/dev/null)
done
# choices: 8 seed bytes, then option indices
for seed in 0 1 2 3 4 5 6 7; do
  python3 -c 'import sys, random; r = random.Random(int(sys.argv[1])); sys.stdout.buffer.write(bytes(r.randrange(256) for _ in range(8 + 400)))' "$seed" \
    > "corpus/choices/seed-$seed"
done
# play lines: 8 seed bytes, then typed lines (numbers, labels, words, undo)
for seed in 0 1 2 3; do
  { python3 -c 'import sys; sys.stdout.buffer.write(int(sys.argv[1]).to_bytes(8, "little"))' "$seed"
    printf '1\n1\n1\npass\nundo\nplay\n2\nsell\nattack gigs\n99\n\npass\n'; } > "corpus/play_lines/seed-$seed"
done
echo "corpora: $(for d in corpus/*; do printf '%s=%s ' "$(basename "$d")" "$(ls "$d" | wc -l)"; done)"
