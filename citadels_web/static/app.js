// The Citadels browser client: a thin view of what the server sends (docs/WEB.md). No framework, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, text = "") => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
};

const S = { ws: null, room: null, seat: null, token: null, owner: false, lobby: null, state: null,
            options: null, deadline: null, replay: null, replayFrame: null };

function show(section) {
  for (const id of ["home", "lobby", "table", "replay"]) $(id).hidden = !(Array.isArray(section) ? section.includes(id) : id === section);
}
function banner(id, text) {
  const b = $(id);
  b.textContent = text;
  b.hidden = !text;
  if (text) setTimeout(() => { if (b.textContent === text) b.hidden = true; }, 6000);
}

function showRoom(code, link, seat) {
  $("room-code").textContent = code || "(private: share the link)";
  $("share-link").textContent = location.origin + link;
  $("share-link").href = link;
  $("room-info").textContent = `Room ${code || "(private)"}` + (seat === null ? " (watching)" : ` · seat ${seat}`);
}

function connect() {
  return new Promise((resolve) => {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) return resolve(S.ws);
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
    ws.onopen = () => resolve(ws);
    ws.onmessage = (ev) => receive(JSON.parse(ev.data));
    // Dropped for falling behind (or any lost connection): rejoin by token and get the table as it is now.
    ws.onclose = () => { if (S.room && !S.kicked && !S.closed) setTimeout(rejoin, 1000); };
    S.ws = ws;
  });
}
async function send(msg) { (await connect()).send(JSON.stringify(msg)); }
function rejoin() {
  const token = localStorage.getItem("citadels:" + S.room);
  S.ws = null;
  if (token) send({ type: "join", room: S.room, token });
}

function receive(m) {
  switch (m.type) {
    case "joined":
      // m.room is the room's key (stable, secret for a private room); m.code its short code (public rooms only).
      S.room = m.room; S.token = m.token;
      if (m.token) {
        localStorage.setItem("citadels:" + m.room, m.token);
        if (m.code) localStorage.setItem("citadels:" + m.code, m.token);
      }
      history.replaceState(null, "", m.link);
      showRoom(m.code, m.link, m.seat);
      break;
    case "lobby":
      // The owner's changes may renumber the seats: the server says which seat is ours in every lobby frame.
      S.lobby = m; S.seat = m.you; S.owner = m.owner;
      showRoom(m.code, m.link, m.you);
      renderLobby();
      break;
    case "closed":
      S.closed = true;
      localStorage.removeItem("citadels:" + S.room);
      banner("error-banner", m.message);
      show("home");
      break;
    case "state":
      S.state = m;
      S.deadline = m.time_left === null ? null : Date.now() + m.time_left;
      renderTable();
      break;
    case "hint": renderHint(m); break;
    case "timeout": banner("timeout-notice", m.label); break;
    case "over": renderScores(m); break;
    case "replay_frame": S.replayFrame = m; renderReplay(); break;
    case "kicked":
      S.kicked = true;
      localStorage.removeItem("citadels:" + S.room);
      banner("error-banner", "The owner removed you from the room.");
      show("home");
      break;
    case "error": banner("error-banner", m.message); break;
  }
}

// -- lobby ----------------------------------------------------------------------------------------------------------
const SETTINGS = [
  ["players", "Seats", "select", () => S.options.players],
  ["preset", "Characters and districts", "select", () => S.options.presets],
  ["use_rank9", "Rank-9 character", "checkbox"],
  ["completion_size", "Districts to end the game (empty: rulebook)", "number"],
  ["selection", "Characters: rulebook draft, or crown picks one and the rest are dealt", "select", () => S.options.selections],
  ["characters_per_player", "Characters per player (deal only; empty: rulebook)", "number"],
  ["timer", "Seconds per decision (0: none)", "number"],
  ["grace", "Seconds before a bot takes a lost seat", "number"],
  ["hint_allowed", "Hints allowed", "checkbox"],
];

function renderLobby() {
  const L = S.lobby;
  if (L.state === "lobby") show("lobby"); else if (!$("replay").hidden) { /* stay */ } else show("table");
  const box = $("settings");
  box.replaceChildren();
  const editable = S.owner && L.state === "lobby";
  for (const [key, label, kind, values] of SETTINGS) {
    const lab = el("label", {}, label + " ");
    let input;
    if (kind === "select") {
      input = el("select");
      for (const v of values()) input.append(el("option", { value: v }, String(v)));
      input.value = String(L.settings[key]);
    } else if (kind === "checkbox") {
      input = el("input", { type: "checkbox" });
      input.checked = !!L.settings[key];
    } else {
      input = el("input", { type: "number", min: "0" });
      input.value = L.settings[key] === null ? "" : L.settings[key];
    }
    input.dataset.testid = "setting-" + key;
    input.disabled = !editable;
    input.onchange = () => {
      let v = kind === "checkbox" ? input.checked : input.value;
      if (key === "players" || kind === "number") v = v === "" ? null : Number(v);
      send({ type: "settings", settings: { [key]: v } });
    };
    lab.append(input);
    box.append(lab);
  }
  if (editable) {
    const lab = el("label", {}, "Password (private room) ");
    const pw = el("input", { "data-testid": "setting-password", maxlength: "64" });
    pw.onchange = () => send({ type: "settings", settings: { password: pw.value || null } });
    lab.append(pw);
    box.append(lab);
  }
  const t = $("seats");
  t.replaceChildren();
  for (const s of L.seats) {
    const tr = el("tr", { "data-testid": "seat-row-" + s.seat });
    tr.append(el("td", {}, "Seat " + s.seat));
    const who = s.kind === "open" ? "open" : (s.name || s.kind) + (s.kind === "human" && !s.connected ? " (away)" : "");
    tr.append(el("td", { "data-testid": "seat-name-" + s.seat }, who + (s.seat === S.seat ? " (you)" : "")));
    const ctl = el("td");
    if (editable && s.seat !== 0) {
      if (s.kind === "human") {
        const k = el("button", { "data-testid": "kick-" + s.seat }, "Kick");
        k.onclick = () => send({ type: "kick", seat: s.seat });
        ctl.append(k);
      } else {
        const sel = el("select", { "data-testid": "seat-bot-" + s.seat });
        sel.append(el("option", { value: "" }, "open seat"));
        for (const b of S.options.bots) sel.append(el("option", { value: b }, b + " bot"));
        sel.value = s.kind === "bot" ? s.bot : "";
        sel.onchange = () => send(sel.value ? { type: "seat", seat: s.seat, kind: "bot", bot: sel.value }
                                            : { type: "seat", seat: s.seat, kind: "open" });
        ctl.append(sel);
      }
    }
    tr.append(ctl);
    t.append(tr);
  }
  $("start-btn").hidden = !editable;
}

// -- the table ------------------------------------------------------------------------------------------------------
function cardEl(c, testid) {
  const e = el("span", { class: "card " + c.type, title: c.text, tabindex: "0" }, `${c.name} (${c.cost})`);
  if (testid) e.dataset.testid = testid;
  e.onclick = () => banner("timeout-notice", c.text);
  return e;
}
function charName(view, id) {
  const c = view.characters.find((x) => x.id === id);
  return c ? c.name : id;
}

function renderTable() {
  const m = S.state, v = m.view;
  if ($("replay").hidden) show("table");
  const turn = v.current === null ? "" : ` · to play: ${playerName(v, v.current)}`;
  $("status").textContent = `Round ${v.round} · ${v.phase}${turn} · deck ${v.deck_size} · ` +
    `${v.completion_size} districts end the game` + (v.tax_pot !== null ? ` · tax pot ${v.tax_pot}` : "") +
    (v.faceup.length ? ` · face up: ${v.faceup.map((c) => charName(v, c)).join(", ")}` : "") +
    (v.killed ? ` · killed: ${charName(v, v.killed)}` : "") + (v.robbed ? ` · robbed: ${charName(v, v.robbed)}` : "") +
    (v.bewitched ? ` · bewitched: ${charName(v, v.bewitched)}` : "");
  const ps = $("players");
  ps.replaceChildren();
  for (const p of v.players) {
    const d = el("div", { class: "player" + (p.seat === v.current ? " current" : ""), "data-testid": "player-" + p.seat });
    const h = el("h4", {}, `${p.name}${p.seat === m.you ? " (you)" : ""}`);
    if (p.crown) h.append(el("span", { class: "crown", "data-testid": "crown" }, "crown"));
    d.append(h);
    d.append(el("div", {}, `${p.gold} gold · ${p.hand_size} cards · ${p.score_now} points` +
      (p.revealed.length ? ` · ${p.revealed.map((c) => charName(v, c)).join(", ")}` : "")));
    const city = el("div", { class: "city" });
    for (const c of p.city) city.append(cardEl(c));
    d.append(city);
    ps.append(d);
  }
  $("me").hidden = v.me === null;
  if (v.me) {
    const mine = $("my-characters");
    mine.replaceChildren();
    v.me.characters.forEach((id, i) => {
      const c = v.characters.find((x) => x.id === id) || { name: id, text: id };
      if (i) mine.append(", ");
      const span = el("span", { class: "character", title: c.text, tabindex: "0" }, c.name);
      span.onclick = () => banner("timeout-notice", c.text);
      mine.append(span);
    });
    if (!v.me.characters.length) mine.textContent = "none yet";
    const hand = $("hand");
    hand.replaceChildren();
    for (const c of v.me.hand) hand.append(cardEl(c, "hand-card"));
  }
  $("prompt").textContent = m.prompt || (v.over ? "The game is over." : `Waiting for ${playerName(v, v.current)}…`);
  const acts = $("actions");
  acts.replaceChildren();
  for (const a of m.legal) {
    const b = el("button", { "data-testid": "action-btn", "data-id": a.id }, a.label);
    b.onclick = () => { acts.replaceChildren(); send({ type: "act", action: a.id, step: m.step }); };
    acts.append(b);
  }
  if (!m.legal.length) $("hint-moves").replaceChildren();
  const log = $("log");
  log.replaceChildren();
  for (const line of m.log.slice(-80)) log.append(el("li", {}, line));
  log.lastChild && log.lastChild.scrollIntoView({ block: "nearest" });
}
function playerName(v, seat) { const p = v.players[seat]; return p ? p.name : "nobody"; }

function renderHint(h) {
  const ol = $("hint-moves");
  ol.replaceChildren();
  if (!S.state || h.step !== S.state.step) return;
  for (const mv of h.moves) ol.append(el("li", {}, `${mv.label} — ${(mv.prob * 100).toFixed(0)} %`));
  if (h.win !== null) ol.append(el("li", { class: "win" }, `win chance ${(h.win * 100).toFixed(0)} %`));
}

function renderScores(m) {
  const box = $("scores");
  box.hidden = false;
  box.replaceChildren(el("h3", { "data-testid": "winner" }, `${m.scores[0].name} wins`));
  const t = el("table");
  for (const r of m.scores) {
    const parts = Object.entries(r.parts).map(([k, v]) => `${k} ${v}`).join(", ");
    const tr = el("tr");
    tr.append(el("td", {}, r.name), el("td", {}, String(r.total)), el("td", {}, parts));
    t.append(tr);
  }
  box.append(t);
  const b = el("button", { "data-testid": "replay-open" }, "Replay this game");
  b.onclick = () => openReplay(m.record);
  box.append(b);
}

// -- replays --------------------------------------------------------------------------------------------------------
async function openReplay(id) {
  S.replay = { id, seat: null, step: 0 };
  const rec = await (await fetch("/api/records/" + encodeURIComponent(id))).json();
  S.replay.total = rec.actions.length;
  const sel = $("replay-seat");
  sel.replaceChildren(el("option", { value: "" }, "public"));
  rec.result.scores.forEach((_, i) => sel.append(el("option", { value: i }, "seat " + i)));
  sel.onchange = () => { S.replay.seat = sel.value === "" ? null : Number(sel.value); askReplay(); };
  $("replay-name").textContent = id;
  show("replay");
  askReplay();
}
function askReplay() { send({ type: "replay", record: S.replay.id, seat: S.replay.seat, step: S.replay.step }); }
function renderReplay() {
  const f = S.replayFrame, v = f.view;
  $("replay-step").textContent = `step ${f.step} / ${f.total}`;
  const ps = $("replay-players");
  ps.replaceChildren();
  for (const p of v.players) {
    const d = el("div", { class: "player" });
    d.append(el("h4", {}, `${p.name}: ${p.gold} gold, ${p.hand_size} cards, ${p.score_now} points`));
    const city = el("div", { class: "city" });
    for (const c of p.city) city.append(cardEl(c));
    d.append(city);
    ps.append(d);
  }
  const hand = $("replay-hand");
  hand.replaceChildren();
  if (v.me) {
    hand.append(el("span", {}, "Hand: "));
    for (const c of v.me.hand) hand.append(cardEl(c));
  }
  const log = $("replay-log");
  log.replaceChildren();
  for (const line of f.log.slice(-30)) log.append(el("li", {}, line));
}
$("replay-next").onclick = () => { if (S.replay.step < S.replay.total) { S.replay.step++; askReplay(); } };
$("replay-prev").onclick = () => { if (S.replay.step > 0) { S.replay.step--; askReplay(); } };

// -- timer ----------------------------------------------------------------------------------------------------------
setInterval(() => {
  const t = $("timer");
  if (!S.deadline) { t.textContent = ""; return; }
  const left = Math.max(0, Math.round((S.deadline - Date.now()) / 1000));
  t.textContent = `${left} s left to decide`;
}, 250);

// -- start ----------------------------------------------------------------------------------------------------------
$("create-btn").onclick = () => send({ type: "create", name: $("create-name").value,
                                        password: $("create-password").value || null });
$("join-btn").onclick = () => send({ type: "join", room: $("join-code").value.trim(),
                                      name: $("join-name").value, password: $("join-password").value || null,
                                      seat: $("join-seat").value === "" ? null : Number($("join-seat").value) });
$("spectate-btn").onclick = () => send({ type: "join", room: $("join-code").value.trim(),
                                          spectate: true, password: $("join-password").value || null });
$("start-btn").onclick = () => send({ type: "start" });
$("hint-toggle").onchange = () => send({ type: "hint", on: $("hint-toggle").checked });

(async function boot() {
  S.options = await (await fetch("/api/options")).json();
  const boot = await (await fetch("/api/boot")).json();
  const ids = await (await fetch("/api/records")).json();
  for (const id of ids.slice(0, 20)) {
    const li = el("li"), a = el("a", { href: "/replay/" + id }, id);
    li.append(a);
    $("records").append(li);
  }
  const path = location.pathname;
  if (path.startsWith("/replay/")) return openReplay(decodeURIComponent(path.slice(8)));
  if (boot.replay) return openReplay(boot.replay);
  if (path.startsWith("/r/")) {
    const code = decodeURIComponent(path.slice(3));  // a public room's code, or a private room's key
    $("join-code").value = code;
    S.room = code;
    const token = localStorage.getItem("citadels:" + code);
    if (token) return send({ type: "join", room: code, token });
  }
  show("home");
})();
