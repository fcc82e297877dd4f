// The Citadels page's shared state, its words (/api/i18n/<lang>) and how cards are drawn: loaded before app.js.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, text = "") => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
};

const S = { ws: null, opened: null, room: null, seat: null, token: null, owner: false, lobby: null, state: null,
            over: null, options: null, deadline: null, replay: null, replayFrame: null, lang: "en", I: null,
            logShown: [], rejoining: false, retries: 0, rejoinTimer: null, watching: null };

// -- words ----------------------------------------------------------------------------------------------------------
function T(key, params = {}) {
  let s = S.I && S.I.strings[key];
  if (s === undefined) return key;
  if (typeof s === "object") {
    const n = params.n;
    const form = S.I.plural[n < 200 ? n : 100 + (n % 100)];
    s = s[form] !== undefined ? s[form] : s.other;
  }
  return s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}
function pickLanguage() {
  const saved = localStorage.getItem("citadels:lang");
  if (saved) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = l.slice(0, 2).toLowerCase();
    if (["en", "ru", "uk", "bg"].includes(code)) return code;
  }
  return "en";
}
async function loadLanguage(lang) {
  S.I = await (await fetch("/api/i18n/" + encodeURIComponent(lang))).json();
  S.lang = S.I.lang;
  document.documentElement.lang = S.lang;
  document.title = T("app.title");
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = T(e.dataset.t);
  const sel = $("lang");
  sel.replaceChildren();
  for (const [code, name] of Object.entries(S.I.languages)) sel.append(el("option", { value: code }, name));
  sel.value = S.lang;
}
// -- cards ----------------------------------------------------------------------------------------------------------
// A district: its name, its cost on a coin, its type's colour, and a unique district's effect printed on it.
function districtEl(c, testid) {
  const label = `${c.name}, ${c.type_name}, ${T("table.cost", { n: c.cost })}` +
                (c.beautified ? `, ${T("table.beautified")}` : "") + (c.effect ? `. ${c.effect}` : "");
  const e = el("div", { class: `card district ${c.type}` + (c.beautified ? " beautified" : ""), role: "img",
                        "aria-label": label, title: c.text });
  if (testid) e.dataset.testid = testid;
  const head = el("span", { class: "card-head", "aria-hidden": "true" });
  head.append(el("span", { class: "card-name" }, c.name), el("span", { class: "coin" }, String(c.cost)));
  e.append(head, el("span", { class: "card-type", "aria-hidden": "true" }, c.type_name));
  if (c.effect) e.append(el("span", { class: "card-text", "aria-hidden": "true" }, c.effect));
  return e;
}
// A character: rank, name and ability; marks say what happened to it this round.
function characterEl(c, marks = [], tag = "div") {
  const e = el(tag, { class: "card character" + marks.map((m) => " " + m.cls).join("") });
  e.append(el("span", { class: "rank" }, String(c.rank)), el("span", { class: "card-name" }, c.name),
           el("span", { class: "card-text" }, c.text));
  for (const m of marks) e.append(el("span", { class: "mark " + m.cls }, m.text));
  if (tag === "div") {
    e.setAttribute("role", "img");
    e.setAttribute("aria-label", `${c.name}, ${T("table.rank", { n: c.rank })}` + marks.map((m) => `, ${m.text}`).join(""));
  }
  return e;
}
function charById(view, id) { return view.characters.find((x) => x.id === id) || { id, name: id, rank: "?", text: "" }; }
function nameOf(view, seat) { const p = view.players[seat]; return p ? p.name : "—"; }

// -- what befell a character ------------------------------------------------------------------------------------------------------
function characterMarks(v, id) {
  const marks = [];
  if (v.faceup.includes(id)) marks.push({ cls: "faceup", text: T("table.faceup") });
  if (v.killed === id) marks.push({ cls: "killed", text: T("table.killed") });
  if (v.robbed === id) marks.push({ cls: "robbed", text: T("table.robbed") });
  if (v.bewitched === id) marks.push({ cls: "bewitched", text: T("table.bewitched") });
  if (v.revealed[id] !== undefined && v.revealed[id] !== null)
    marks.push({ cls: "revealed", text: T("table.revealed_by", { name: nameOf(v, v.revealed[id]) }) });
  return marks;
}
