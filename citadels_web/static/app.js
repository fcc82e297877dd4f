// The Citadels browser client: a thin view of what the server sends (docs/WEB.md). No framework, no build step.
// Every word on the page comes from /api/i18n/<lang> (citadels_web/locales and the game's catalogs); the game's own
// lines (events, moves, questions) come worded by the server in the language this page asked for.
"use strict";

$("lang").onchange = async () => {
  localStorage.setItem("citadels:lang", $("lang").value);
  await loadLanguage($("lang").value);
  renderHome();
  if (S.ws && S.ws.readyState === WebSocket.OPEN) send({ type: "lang" });  // the server words the table anew
  if (S.replay) askReplay();
};

// -- sections and banners -------------------------------------------------------------------------------------------
function show(section) {
  for (const id of ["home", "lobby", "table", "replay"]) $(id).hidden = id !== section;
}
function banner(id, text) {
  const b = $(id);
  b.textContent = text;
  b.hidden = !text;
  if (text) setTimeout(() => { if (b.textContent === text) b.hidden = true; }, 6000);
}
function showRoom() {
  const L = S.lobby;
  if (!L) return;
  const where = L.code ? T("header.room", { code: L.code }) : T("header.room_private");
  $("room-info").textContent = where + " · " + (S.seat === null ? T("header.watching") : T("header.seat", { n: S.seat + 1 }));
  $("lobby-title").textContent = L.code ? T("lobby.room", { code: L.code }) : T("lobby.room_private");
  $("share-link").textContent = location.origin + L.link;
  $("share-link").href = L.link;
}

// -- the connection -------------------------------------------------------------------------------------------------
// One socket at a time: S.ws, and S.opened, the promise of it open. A socket the server is closing (a kick, a closed
// room) is let go at once, so a request made in the same moment goes out on a new one instead of being lost. A lost
// connection rejoins its room (a seat by its token, a spectator as one) after a wait that doubles, from 1 s up to
// 30 s, until the server answers; a rejoin the server refuses stops there, says why and shows the home page.
const REJOIN_FIRST_MS = 1000, REJOIN_MAX_MS = 30000;
// The refusals that answer a join; the first three mean the room or the seat is gone for good.
const GONE = ["no_room", "room_closed", "unknown_token"];
const JOIN_REFUSALS = new Set([...GONE, "codes_wait", "too_many_connections", "server_full", "wrong_password",
                               "wrong_password_throttled", "password_wait", "bad_password"]);
function connect() {
  if (S.ws && S.ws.readyState <= WebSocket.OPEN) return S.opened;  // open, or opening: requests wait for it
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?lang=" + S.lang;
  const ws = new WebSocket(url);  // the language from the start: even a refused connection is told in it
  S.ws = ws;
  S.opened = new Promise((resolve) => { ws.onopen = () => resolve(ws); });
  ws.onmessage = (ev) => { if (ws === S.ws) receive(JSON.parse(ev.data)); };
  // Dropped for falling behind (or any lost connection): rejoin and get the table as it is now.
  ws.onclose = () => { if (ws === S.ws && S.room && !S.closed) laterRejoin(); };
  return S.opened;
}
async function send(msg) { (await connect()).send(JSON.stringify({ ...msg, lang: S.lang })); }
function laterRejoin() {
  clearTimeout(S.rejoinTimer);  // one pending rejoin at a time
  S.rejoinTimer = setTimeout(rejoin, Math.min(REJOIN_MAX_MS, REJOIN_FIRST_MS * 2 ** S.retries));
  S.retries += 1;
}
function rejoin() {
  const token = localStorage.getItem("citadels:" + S.room);
  if (token) joinAgain({ type: "join", room: S.room, token });
  else if (S.watching) joinAgain({ type: "join", room: S.room, spectate: true, password: S.watching.password });
}
function joinAgain(msg) {
  S.rejoining = true;
  send(msg);
}
function forgetRoom() {  // the tokens of this room, saved under its key and its code
  localStorage.removeItem("citadels:" + S.room);
  if (S.lobby && S.lobby.code) localStorage.removeItem("citadels:" + S.lobby.code);
}
function refusedRejoin(key) {
  if (GONE.includes(key)) forgetRoom();
  clearTimeout(S.rejoinTimer);
  Object.assign(S, { rejoining: false, room: null, watching: null, lobby: null, state: null, over: null,
                     deadline: null });
  show("home");
}

function receive(m) {
  switch (m.type) {
    case "joined": {
      // m.room is the room's key (stable, secret for a private room); m.code its short code (public rooms only).
      const again = S.rejoining && S.room === m.room;
      S.room = m.room; S.token = m.token; S.seat = m.seat;
      S.closed = false;  // a room joined after a kick or a close: a lost connection rejoins this one
      S.rejoining = false; S.retries = 0;
      if (m.token) {
        S.watching = null;
        localStorage.setItem("citadels:" + m.room, m.token);
        if (m.code) localStorage.setItem("citadels:" + m.code, m.token);
      }
      history.replaceState(null, "", m.link);
      // A new connection starts without hints: ask again if the box is still ticked in this room.
      if (again && $("hint-toggle").checked && S.lobby && S.lobby.settings.hint_allowed) {
        send({ type: "hint", on: true });
      }
      break;
    }
    case "lobby":
      // The owner's changes may renumber the seats: the server says which seat is ours in every lobby frame.
      S.lobby = m; S.seat = m.you; S.owner = m.owner;
      if (m.state !== "finished") S.over = null;
      if (m.state === "lobby") S.state = null;
      showRoom();
      renderLobby();
      break;
    case "kicked":  // (both are worded by the server, in this tab's language)
    case "closed":
      S.closed = true;
      S.ws = null;  // the server closes this socket after this frame: the next request opens a new one
      forgetRoom();
      banner("error-banner", m.message);
      if (m.type === "closed" && S.over) {
        // A finished game closed by the sweep stays on screen: its scores and its replay (a record on disk, asked
        // for on a new socket) are still there to read; only the buttons that need the room go.
        Object.assign(S, { lobby: null, owner: false });
        renderScores();
      } else show("home");
      break;
    case "state":
      S.state = m;
      S.deadline = m.time_left === null ? null : Date.now() + m.time_left;
      renderTable();
      break;
    case "hint": renderHint(m); break;
    case "timeout": banner("timeout-notice", m.label); break;
    case "over": S.over = m; renderScores(); break;
    case "replay_frame": S.replayFrame = m; renderReplay(); break;
    case "error":
      banner("error-banner", m.message);
      if (S.rejoining && JOIN_REFUSALS.has(m.key)) refusedRejoin(m.key);
      break;
  }
}

// -- home -----------------------------------------------------------------------------------------------------------
function renderHome() {
  const players = $("quick-players");
  const keepPlayers = players.value || localStorage.getItem("citadels:players") || "4";
  players.replaceChildren();
  for (const n of S.options.players) players.append(el("option", { value: n }, String(n)));
  players.value = keepPlayers;
  const level = $("quick-level");
  const keepLevel = level.value || localStorage.getItem("citadels:level") || S.options.default_level;
  level.replaceChildren();
  for (const l of S.options.levels) level.append(el("option", { value: l.level }, T("level." + l.level)));
  level.value = keepLevel;
  if (!level.value && S.options.levels.length) level.value = S.options.default_level;
  const chosen = S.options.levels.find((l) => l.level === level.value);
  $("quick-level-note").textContent = chosen && chosen.rate
    ? T("home.level_measured", { level: T("level." + chosen.level), rate: chosen.rate,
                                 against: T("level." + levelOf(chosen.against)) }) : "";
}
function levelOf(bot) { const l = S.options.levels.find((x) => x.bot === bot); return l ? l.level : bot; }
function myName() {
  const name = $("name").value.trim();
  localStorage.setItem("citadels:name", name);
  return name;
}
$("quick-level").onchange = () => { localStorage.setItem("citadels:level", $("quick-level").value); renderHome(); };
$("quick-players").onchange = () => localStorage.setItem("citadels:players", $("quick-players").value);
$("quick").onsubmit = (ev) => {
  ev.preventDefault();
  const level = S.options.levels.find((l) => l.level === $("quick-level").value);
  send({ type: "quick", name: myName(), players: Number($("quick-players").value), bot: level && level.bot });
};
$("create-btn").onclick = () => send({ type: "create", name: myName(), password: $("create-password").value || null });
function roomFromInput() {
  const v = $("join-code").value.trim();
  const m = v.match(/\/r\/([^/?#]+)/);  // a whole link pasted in
  return m ? decodeURIComponent(m[1]) : v;
}
$("join-btn").onclick = () => send({ type: "join", room: roomFromInput(), name: myName(),
                                      password: $("join-password").value || null,
                                      seat: $("join-seat").value === "" ? null : Number($("join-seat").value) - 1 });
$("spectate-btn").onclick = () => {
  S.watching = { password: $("join-password").value || null };  // kept to watch again after a lost connection
  send({ type: "join", room: roomFromInput(), spectate: true, password: S.watching.password });
};

// -- lobby ----------------------------------------------------------------------------------------------------------
const SETTINGS = [
  ["players", "select", () => S.options.players.map((n) => [n, String(n)])],
  ["preset", "select", () => S.options.presets.map((p) => [p, T("preset." + p)])],
  ["use_rank9", "checkbox"],
  ["completion_size", "number"],
  ["selection", "select", () => S.options.selections.map((s) => [s, T("selection." + s)])],
  ["characters_per_player", "number"],
  ["timer", "number"],
  ["grace", "number"],
  ["hint_allowed", "checkbox"],
];

function renderLobby() {
  const L = S.lobby;
  if (L.state === "lobby") show("lobby");
  else if ($("replay").hidden) show("table");
  const box = $("settings");
  box.replaceChildren();
  const editable = S.owner && L.state === "lobby";
  for (const [key, kind, values] of SETTINGS) {
    const id = "setting-" + key;
    const row = el("div", { class: "setting" });
    const lab = el("label", { for: id }, T("setting." + key));
    let input;
    if (kind === "select") {
      input = el("select");
      for (const [v, label] of values()) input.append(el("option", { value: v }, label));
      input.value = String(L.settings[key]);
    } else if (kind === "checkbox") {
      input = el("input", { type: "checkbox" });
      input.checked = !!L.settings[key];
    } else {
      input = el("input", { type: "number", min: "0" });
      input.value = L.settings[key] === null ? "" : L.settings[key];
    }
    input.id = id;
    input.dataset.testid = id;
    input.disabled = !editable;
    input.setAttribute("aria-describedby", id + "-help");
    input.onchange = () => {
      let v = kind === "checkbox" ? input.checked : input.value;
      if (key === "players" || kind === "number") v = v === "" ? null : Number(v);
      send({ type: "settings", settings: { [key]: v } });
    };
    row.append(lab, input, el("small", { id: id + "-help", class: "help" }, T("setting." + key + ".help")));
    box.append(row);
  }
  if (editable) {
    const row = el("div", { class: "setting" });
    const pw = el("input", { id: "setting-password", "data-testid": "setting-password", maxlength: "64" });
    pw.onchange = () => send({ type: "settings", settings: { password: pw.value || null } });
    row.append(el("label", { for: "setting-password" }, T("lobby.password")), pw);
    box.append(row);
  }
  const body = $("seats").tBodies[0];
  body.replaceChildren();
  for (const s of L.seats) {
    const tr = el("tr", { "data-testid": "seat-row-" + s.seat });
    tr.append(el("th", { scope: "row" }, String(s.seat + 1)));
    let who = s.kind === "open" ? T("lobby.open") : s.name;
    if (s.kind === "human" && !s.connected) who += ` (${T("lobby.away")})`;
    if (s.seat === 0) who += ` (${T("lobby.owner")})`;
    if (s.seat === S.seat) who += ` (${T("common.you")})`;
    tr.append(el("td", { "data-testid": "seat-name-" + s.seat }, who));
    const ctl = el("td");
    if (editable && s.seat !== 0) {
      if (s.kind === "human") {
        const k = el("button", { "data-testid": "kick-" + s.seat, class: "secondary" }, T("lobby.kick", { name: s.name }));
        k.onclick = () => send({ type: "kick", seat: s.seat });
        ctl.append(k);
      } else {
        const sel = el("select", { "data-testid": "seat-bot-" + s.seat,
                                   "aria-label": T("lobby.seat_control", { n: s.seat + 1 }) });
        sel.append(el("option", { value: "" }, T("lobby.open")));
        for (const b of S.options.bots) sel.append(el("option", { value: b }, T("lobby.bot_option", { bot: b })));
        sel.value = s.kind === "bot" ? s.bot : "";
        sel.onchange = () => send(sel.value ? { type: "seat", seat: s.seat, kind: "bot", bot: sel.value }
                                            : { type: "seat", seat: s.seat, kind: "open" });
        ctl.append(sel);
      }
    }
    tr.append(ctl);
    body.append(tr);
  }
  $("spectators").textContent = L.spectators ? T("lobby.spectators", { n: L.spectators }) : "";
  $("start-btn").hidden = !editable;
  $("lobby-wait").hidden = editable || L.state !== "lobby";
  renderScores();
}

// -- the table ------------------------------------------------------------------------------------------------------
function renderTable() {
  const m = S.state, v = m.view;
  if ($("replay").hidden && (!S.lobby || S.lobby.state !== "lobby")) show("table");
  const bits = [T("table.round", { n: v.round }), T("phase." + v.phase),
                T("table.deck", { cards: T("common.cards", { n: v.deck_size }) }),
                T("table.end_size", { n: v.completion_size })];
  if (v.tax_pot !== null) bits.push(T("table.tax_pot", { n: v.tax_pot }));
  $("status").textContent = bits.join(" · ");

  const chars = $("characters");
  chars.replaceChildren();
  for (const c of v.characters) chars.append(characterEl(c, characterMarks(v, c.id)));

  // What happened since the last frame lights up in the log, and the box of whoever did the latest thing says it.
  const lastActor = [...m.log].reverse().find((x) => x.seat !== null && !x.note);
  const ps = $("players");
  ps.replaceChildren();
  for (const p of v.players) {
    const current = p.seat === v.current && !v.over;
    const d = el("section", { class: "player" + (current ? " current" : "") + (p.seat === m.you ? " mine" : ""),
                              "data-testid": "player-" + p.seat, "aria-label": T("table.player_box", { n: p.seat + 1, name: p.name }) });
    if (current) d.setAttribute("aria-current", "true");
    const h = el("h3");
    h.append(el("span", { class: "seat-no" }, String(p.seat + 1)), " ", el("span", { class: "pname" }, p.name));
    if (p.seat === m.you) h.append(` (${T("common.you")})`);
    if (p.crown) h.append(el("span", { class: "crown", "data-testid": "crown", title: T("table.crown") }, "♛ " + T("table.crown")));
    if (current) h.append(el("span", { class: "turn", "data-testid": "to-play" }, T("table.current")));
    d.append(h);
    const stats = el("p", { class: "stats" });
    stats.append(el("span", { title: T("table.gold") }, T("common.gold", { n: p.gold })), " · ",
                 el("span", { title: T("table.hand_size") }, T("common.cards", { n: p.hand_size })), " · ",
                 el("span", { title: T("table.score_now") }, T("common.points", { n: p.score_now })));
    if (p.completed) stats.append(" · ", el("strong", {}, T("table.completed")));
    d.append(stats);
    if (p.revealed.length) {
      const rv = el("div", { class: "revealed" });
      for (const id of p.revealed) rv.append(el("span", { class: "chip" }, `${charById(v, id).rank}. ${charById(v, id).name}`));
      d.append(rv);
    }
    if (p.known_hand && p.known_hand.length)
      d.append(el("p", { class: "help" }, T("table.known_hand", { cards: p.known_hand.length })));
    const city = el("div", { class: "cards-row city", "aria-label": T("table.city") });
    for (const c of p.city) city.append(districtEl(c));
    d.append(city);
    if (lastActor && lastActor.seat === p.seat) {
      d.classList.add("acted");
      d.append(el("p", { class: "last-event", "data-testid": "last-event" }, lastActor.text));
    }
    ps.append(d);
  }

  $("me").hidden = v.me === null;
  if (v.me) {
    const mine = $("my-characters");
    mine.replaceChildren();
    for (const id of v.me.characters) mine.append(characterEl(charById(v, id), characterMarks(v, id)));
    if (!v.me.characters.length) mine.append(el("span", { class: "help" }, T("table.none_yet")));
    const hand = $("hand");
    hand.replaceChildren();
    for (const c of v.me.hand) hand.append(districtEl(c, "hand-card"));
  }

  $("prompt").textContent = m.prompt || (v.over ? T("table.over") : T("table.waiting", { name: nameOf(v, v.current) }));
  const myMove = m.legal.length > 0;
  $("decision").classList.toggle("active", myMove);
  const choices = $("choices"), acts = $("actions");
  choices.replaceChildren();
  acts.replaceChildren();
  const answer = (a) => () => { choices.replaceChildren(); acts.replaceChildren(); send({ type: "act", action: a.id, step: m.step }); };
  for (const a of m.legal) {
    if (a.character) {  // the draft (and every other choice of a character): pick a card among those offered
      const b = characterEl(a.character, [], "button");
      b.dataset.testid = "action-btn";
      b.dataset.id = a.id;
      b.setAttribute("aria-label", a.label);
      b.onclick = answer(a);
      choices.append(b);
    } else {
      const b = el("button", { "data-testid": "action-btn", "data-id": a.id }, a.label);
      b.onclick = answer(a);
      acts.append(b);
    }
  }
  $("hint-box").hidden = !myMove || !(S.lobby && S.lobby.settings.hint_allowed);
  if (!myMove) $("hint-moves").replaceChildren();
  renderLog(m.log);
  renderScores();
}

function sameLog(log) {
  const n = S.logShown.length;
  return n <= log.length && n > 0 && S.logShown[n - 1] === log[n - 1].text && S.logShown[0] === log[0].text;
}
// The whole log, newest in view; lines are only appended, so their numbers never change.
function renderLog(log) {
  const ol = $("log");
  const rebuilt = !sameLog(log);
  if (rebuilt) { ol.replaceChildren(); S.logShown = []; }
  for (const x of ol.querySelectorAll(".new")) x.classList.remove("new");
  for (const x of log.slice(S.logShown.length)) {
    const li = el("li", { class: (x.note ? "note" : "") + (rebuilt ? "" : " new") }, x.text);
    if (x.seat !== null) li.dataset.seat = x.seat;
    ol.append(li);
    S.logShown.push(x.text);
  }
  ol.scrollTop = ol.scrollHeight;
}

function renderHint(h) {
  const ol = $("hint-moves");
  ol.replaceChildren();
  if (!S.state || h.step !== S.state.step) return;
  for (const mv of h.moves) ol.append(el("li", {}, `${mv.label} — ${(mv.prob * 100).toFixed(0)} %`));
  if (h.win !== null) ol.append(el("li", { class: "win" }, T("table.hint_win", { p: (h.win * 100).toFixed(0) })));
}

function renderScores() {
  const m = S.over;
  const box = $("scores");
  if (!m) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren(el("h3", { "data-testid": "winner" }, T("end.winner", { name: m.winner_name })));
  const t = el("table", { "data-testid": "score-table" });
  t.append(el("caption", {}, T("end.scores")));
  const head = el("tr");
  for (const label of [T("end.rank"), T("end.player"), ...m.columns.map((c) => c.label), T("end.total")])
    head.append(el("th", { scope: "col" }, label));
  t.append(el("thead"));
  t.tHead.append(head);
  const body = el("tbody");
  m.scores.forEach((r, i) => {
    const tr = el("tr", { "data-testid": "score-row" });
    tr.append(el("td", {}, String(i + 1)), el("th", { scope: "row" }, r.name));
    for (const c of m.columns) tr.append(el("td", {}, r.parts[c.key] ? String(r.parts[c.key]) : "–"));
    tr.append(el("td", { class: "total" }, String(r.total)));
    body.append(tr);
  });
  t.append(body);
  const wrap = el("div", { class: "table-scroll" });  // many score columns scroll on a phone, the page does not
  wrap.append(t);
  box.append(wrap);
  const row = el("div", { class: "buttons" });
  if (S.owner && S.lobby && S.lobby.state === "finished") {
    const again = el("button", { "data-testid": "again-btn" }, T("end.again"));
    again.onclick = () => send({ type: "again" });
    const lobby = el("button", { "data-testid": "lobby-btn", class: "secondary" }, T("end.lobby"));
    lobby.onclick = () => send({ type: "lobby" });
    row.append(again, lobby);
  } else if (S.lobby && S.lobby.seats[0]) {
    box.append(el("p", { class: "help" }, T("end.again_wait", { name: S.lobby.seats[0].name })));
  }
  const rp = el("button", { "data-testid": "replay-open", class: "secondary" }, T("end.replay"));
  rp.onclick = () => openReplay(m.record);
  const home = el("button", { "data-testid": "leave-btn", class: "secondary" }, T("end.home"));
  home.onclick = leaveRoom;
  row.append(rp, home);
  box.append(row);
}
function leaveRoom() {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify({ type: "leave" }));
  S.closed = true;
  location.href = "/";
}

// -- replays --------------------------------------------------------------------------------------------------------
async function openReplay(id) {
  S.replay = { id, seat: null, step: 0 };
  const rec = await (await fetch("/api/records/" + encodeURIComponent(id))).json();
  S.replay.total = rec.actions.length;
  S.replay.players = rec.result.scores.length;
  $("replay-name").textContent = id;
  show("replay");
  askReplay();
}
function askReplay() { send({ type: "replay", record: S.replay.id, seat: S.replay.seat, step: S.replay.step }); }
function renderReplay() {
  const f = S.replayFrame, v = f.view;
  const sel = $("replay-seat");
  sel.replaceChildren(el("option", { value: "" }, T("replay.public")));
  f.names.forEach((name, i) => sel.append(el("option", { value: i }, `${i + 1}. ${name}`)));
  sel.value = S.replay.seat === null ? "" : String(S.replay.seat);
  sel.onchange = () => { S.replay.seat = sel.value === "" ? null : Number(sel.value); askReplay(); };
  $("replay-step").textContent = T("replay.step", { step: f.step, total: f.total });
  const ps = $("replay-players");
  ps.replaceChildren();
  for (const p of v.players) {
    const d = el("section", { class: "player" });
    d.append(el("h3", {}, `${p.seat + 1}. ${p.name}`),
             el("p", { class: "stats" }, [T("common.gold", { n: p.gold }), T("common.cards", { n: p.hand_size }),
                                          T("common.points", { n: p.score_now })].join(" · ")));
    const city = el("div", { class: "cards-row city" });
    for (const c of p.city) city.append(districtEl(c));
    d.append(city);
    ps.append(d);
  }
  const hand = $("replay-hand");
  hand.replaceChildren();
  if (v.me) {
    hand.append(el("h3", {}, T("replay.hand")));
    for (const c of v.me.hand) hand.append(districtEl(c));
  }
  const log = $("replay-log");
  log.replaceChildren();
  for (const x of f.log) log.append(el("li", { class: x.note ? "note" : "" }, x.text));
  log.scrollTop = log.scrollHeight;
}
$("replay-next").onclick = () => { if (S.replay.step < S.replay.total) { S.replay.step++; askReplay(); } };
$("replay-prev").onclick = () => { if (S.replay.step > 0) { S.replay.step--; askReplay(); } };

// -- timer ----------------------------------------------------------------------------------------------------------
setInterval(() => {
  const t = $("timer");
  if (!S.deadline) { t.textContent = ""; return; }
  const left = Math.max(0, Math.round((S.deadline - Date.now()) / 1000));
  t.textContent = T("table.time_left", { n: left });
}, 250);

// -- start ----------------------------------------------------------------------------------------------------------
$("start-btn").onclick = () => send({ type: "start" });
$("hint-toggle").onchange = () => send({ type: "hint", on: $("hint-toggle").checked });

(async function boot() {
  S.options = await (await fetch("/api/options")).json();
  await loadLanguage(pickLanguage());
  $("name").value = localStorage.getItem("citadels:name") || "";
  renderHome();
  const boot = await (await fetch("/api/boot")).json();
  const ids = await (await fetch("/api/records")).json();
  $("records-box").hidden = !ids.length;
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
  }
  $("hint-toggle").checked = false;  // as a new connection starts: no hints until asked for
  show("home");  // until the room answers (and for good if it refuses)
  const token = S.room && localStorage.getItem("citadels:" + S.room);
  if (token) joinAgain({ type: "join", room: S.room, token });
})();
