// The playground page: the card editor, the scenario runner and the game against the bot, all
// answered by the WebAssembly module (no server of its own).
import init, { Playground } from "./gigscript_web.js";

const $ = (id) => document.getElementById(id);
let pg = null;
let cards = new Map();

function call(fn) {
  // Every answer is JSON; a failure inside the module is shown, never left hanging.
  try {
    return JSON.parse(fn());
  } catch (e) {
    return { error: `internal error: ${e}` };
  }
}

function showError(el, message) {
  el.hidden = !message;
  el.textContent = message || "";
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// ---- Tabs ------------------------------------------------------------------------------------

for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => {
    for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t === tab);
    for (const p of document.querySelectorAll(".panel")) p.classList.toggle("active", p.id === tab.dataset.tab);
  });
}

// ---- The card panel ----------------------------------------------------------------------------

function showCard(id) {
  const c = cards.get(id);
  if (!c) return;
  $("card-panel").hidden = false;
  $("card-name").textContent = c.name;
  const num = (v) => (v === null || v === undefined ? "-" : v);
  $("card-facts").textContent =
    `${c.kind} · ${c.color} · cost ${num(c.cost)} · RAM ${num(c.ram)} · power ${num(c.power)}` +
    (c.tags.length ? ` · ${c.tags.join(", ")}` : "") +
    (c.keywords.length ? ` · ${c.keywords.join(", ")}` : "");
  $("card-text").textContent = (c.top ? c.top + "\n" : "") + c.text;
}

document.addEventListener("mouseover", (e) => {
  const el = e.target.closest("[data-card]");
  if (el) showCard(el.dataset.card);
});
document.addEventListener("click", (e) => {
  const el = e.target.closest("[data-card]");
  if (el) showCard(el.dataset.card);
});

// ---- The editor --------------------------------------------------------------------------------

let pending = null;
function checkSoon() {
  clearTimeout(pending);
  pending = setTimeout(checkNow, 120);
}

function checkNow() {
  const r = call(() => pg.check($("kind").value, $("text").value));
  showError($("editor-error"), r.error);
  if (r.error) {
    $("checks").innerHTML = "";
    $("diagnostics").textContent = "";
    $("tree").textContent = "";
    return;
  }
  const badge = (ok, yes, no) => `<span class="badge ${ok ? "yes" : "no"}">${ok ? yes : no}</span>`;
  $("checks").innerHTML =
    badge(r.parses, "parses", "does not parse") +
    (r.parses
      ? badge(r.round_trips, "round-trips", "not canonical") +
        badge(r.unambiguous, "one reading", "ambiguous") +
        badge(r.executable, "executes", "does not execute")
      : "");
  $("diagnostics").textContent = r.rendered || "no problems";
  $("tree").textContent = r.tree || "(no reading: the text does not parse)";
  $("checks").dataset.executable = String(r.executable);
}

$("text").addEventListener("input", checkSoon);
$("kind").addEventListener("change", checkNow);
$("example").addEventListener("change", () => {
  const c = cards.get($("example").value);
  if (!c) return;
  $("kind").value = c.kind;
  $("text").value = c.text;
  checkNow();
});

// ---- The board ---------------------------------------------------------------------------------

function cardHtml(c) {
  const cls = ["card", c.spent ? "spent" : "", c.face_down ? "face-down" : ""].join(" ");
  const attr = c.id ? ` data-card="${esc(c.id)}"` : "";
  const power = c.power !== null && c.power !== undefined ? `<span class="power">${c.power}</span>` : "";
  const gear = (c.gear || []).map((g) => `<span class="gear" data-card="${esc(g.id)}">+ ${esc(g.name)}</span>`).join("");
  return `<div class="${cls}"${attr}>${power}${esc(c.name)}${gear}</div>`;
}

function dieHtml(d) {
  return `<span class="die ${d.rival_owned ? "rival-owned" : ""}">${d.die}:${d.value}</span>`;
}

function zone(name, items) {
  return `<div class="zone"><span class="zone-name">${name}</span>${items.join("") || "<span class=\"zone-name\">—</span>"}</div>`;
}

function renderBoard(el, board) {
  const sides = [1, 0].map((i) => {
    const s = board.sides[i];
    const hand = s.hand ? s.hand.map(cardHtml) : [`<span class="counts">${s.hand_size} cards</span>`];
    const top = s.trash.length ? [cardHtml(s.trash[s.trash.length - 1]), `<span class="counts">(${s.trash.length})</span>`] : [];
    return `<div class="side ${board.decider === i ? "deciding" : ""}" data-side="${i}">
      <h4>${esc(s.name)}${board.turn_player === i ? " — their turn" : ""}</h4>
      <div class="counts">deck ${s.deck_size} · hand ${s.hand_size} · Eddies ${s.eddies_ready} ready, ${s.eddies_spent} spent · Street Cred ${s.street_cred ?? "-"}</div>
      ${zone("Legends", s.legends.map(cardHtml))}
      ${zone("field", s.field.map(cardHtml))}
      ${zone("Gigs", s.gigs.map(dieHtml))}
      ${zone("fixer", s.fixer.map(dieHtml))}
      ${zone("hand", hand)}
      ${zone("trash", top)}
    </div>`;
  });
  el.innerHTML = `<div class="counts">turn ${board.turn} · ${esc(board.phase)} phase</div>` + sides.join("");
}

// ---- The scenario runner -----------------------------------------------------------------------

function showScenario(s) {
  showError($("scenario-error"), s.error);
  if (!s.board) return;
  renderBoard($("scenario-board"), s.board);
  $("scenario-log").textContent = s.log.join("\n");
  const [steps, done] = s.board.steps || [[], 0];
  $("scenario-steps").innerHTML = steps
    .map((st, i) => `<li class="${i < done ? "done" : i === done ? "next" : ""}">${esc(st)}</li>`)
    .join("");
  $("scenario-verdict").textContent = s.verdict || (s.board.outcome ? `game over: ${s.board.outcome}` : "");
}

$("ruling-start").addEventListener("click", () => {
  const [card, index] = $("ruling").value.split("#");
  showScenario(call(() => pg.start_ruling(card, Number(index))));
});
$("ruling-next").addEventListener("click", () => showScenario(call(() => pg.next_step())));
$("ruling-all").addEventListener("click", () => {
  let s = call(() => pg.state());
  for (let i = 0; i < 200 && !s.error && !s.verdict; i++) s = call(() => pg.next_step());
  showScenario(s);
});

// ---- The game against the bot --------------------------------------------------------------------

let decisions = 0;
function showGame(s) {
  showError($("game-error"), s.error);
  if (!s.board) return;
  renderBoard($("game-board"), s.board);
  $("game-log").textContent = s.log.slice(-200).join("\n");
  $("game-log").scrollTop = $("game-log").scrollHeight;
  $("game-outcome").textContent = s.board.outcome ? `game over: ${s.board.outcome}` : s.yours ? "your decision" : "the bot decides";
  $("options").innerHTML = s.board.options
    .map((o, i) => `<button class="option" data-ix="${i}">${esc(o)}</button>`)
    .join("");
  $("options").dataset.decisions = String(decisions);
}

function afterYours(s) {
  // The bot answers at once, until it is your decision again.
  if (!s.error && !s.yours && !s.board.outcome) s = call(() => pg.bot_until_yours());
  showGame(s);
}

$("options").addEventListener("click", (e) => {
  const b = e.target.closest(".option");
  if (!b) return;
  decisions += 1;
  afterYours(call(() => pg.choose(Number(b.dataset.ix))));
});

$("game-start").addEventListener("click", () => {
  decisions = 0;
  const s = call(() => pg.start_game(Number($("deck-mine").value), Number($("deck-bot").value), Number($("seed").value) >>> 0));
  afterYours(s);
});

// ---- Start -------------------------------------------------------------------------------------

async function main() {
  await init();
  pg = new Playground();
  const list = call(() => pg.cards());
  for (const c of list) cards.set(c.id, c);
  $("example").innerHTML = `<option value="">—</option>` + list.map((c) => `<option value="${esc(c.id)}">${esc(c.name)}</option>`).join("");
  const rulings = call(() => pg.rulings());
  $("ruling").innerHTML = rulings
    .map((r) => `<option value="${esc(r.card)}#${r.index}">${esc(cards.get(r.card)?.name || r.card)} — ${esc(r.name)}</option>`)
    .join("");
  const decks = call(() => pg.decks());
  const deckOptions = decks.map((d, i) => `<option value="${i}">${esc(d.split("/").pop())}</option>`).join("");
  $("deck-mine").innerHTML = deckOptions;
  $("deck-bot").innerHTML = deckOptions;
  if (decks.length > 1) $("deck-bot").value = "1";
  $("status").textContent = `${list.length} cards, ${rulings.length} rulings`;
  document.body.dataset.ready = "true";
  checkNow();
}

main().catch((e) => {
  $("status").textContent = `failed to start: ${e}`;
  document.body.dataset.ready = "failed";
});
