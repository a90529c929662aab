// latweave serve's page: type a plan (completing dimensions and values from the server's
// dimensions/values endpoints), run it, and draw what `run` returned: the answers, an abstention's
// reason and witness, and the proof tree down to each evidence sentence. It adds no semantics: every
// word shown is a field of the result JSON, and "download" saves the bytes the server sent.
//
// Everything that comes from a lattice is data: it reaches the page through textContent and DOM
// calls only, never innerHTML. The bearer token (when the server has one) is kept in
// sessionStorage and sent as an Authorization header.

const TOKEN_KEY = "latweave.token";
const KEYWORDS = new Set(["let", "meet", "holds", "in", "same", "differ", "argmax", "argmin", "is", "at", "during"]);
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}(-\d{2})?$/;

const $ = (id) => document.getElementById(id);
const state = { lattice: null, dimensions: [], url: null, completing: [], active: 0, navigated: false, asked: 0 };

// ------------------------------------------------------------------------------ DOM helpers

/** An element with a class and children (strings become text nodes: never parsed as HTML). */
function el(tag, cls, ...children) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

function clear(node) { node.replaceChildren(); }

// ---------------------------------------------------------------------------- the server

function headers(extra = {}) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

/** GET or POST `path`: {ok, status, text, json}. */
async function call(path, body) {
  const init = body === undefined ? { headers: headers() }
    : { method: "POST", headers: headers({ "Content-Type": "application/json" }), body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch { json = null; }
  return { ok: response.ok, status: response.status, text, json };
}

const enc = encodeURIComponent;

// ------------------------------------------------------------------------------ lattices

async function loadLattices() {
  const select = $("lattice");
  const answer = await call("lattices");
  clear(select);
  if (!answer.ok) { showError(answer); return; }
  for (const about of answer.json.lattices) select.append(new Option(about.name, about.name));
  await chooseLattice();
}

async function chooseLattice() {
  const name = $("lattice").value;
  state.lattice = name || null;
  state.dimensions = [];
  clear($("about"));
  if (!name) return;
  const about = (await call(`lattices/${enc(name)}`)).json;
  if (about && about.counts) {
    const c = about.counts;
    $("about").textContent = `${c.instances} instances · ${c.dimensions} dimensions · ${c.values} values`;
  }
  let offset = 0;
  for (;;) {   // every page of dimensions (a lattice has tens, not thousands)
    const page = await call(`lattices/${enc(name)}/dimensions?offset=${offset}`);
    if (!page.ok) { showError(page); return; }
    state.dimensions.push(...page.json.dimensions);
    if (!page.json.more || page.json.dimensions.length === 0) break;
    offset += page.json.dimensions.length;
  }
}

// ---------------------------------------------------------------------------- completion

/** A value as the plan printer writes it: bare when it can be, else a JSON string. */
function printName(text) {
  if ((IDENT.test(text) && !KEYWORDS.has(text)) || NUMBER.test(text) || DATE.test(text)) return text;
  return JSON.stringify(text);
}

/** What the text before the cursor asks for: a value of a dimension, a dimension, or nothing. */
function wanted(before) {
  // a value: bare so far, or inside the quotes it opened (where any character may come)
  const value = before.match(/([A-Za-z_][A-Za-z0-9_]*)\s*(<=|>=|!=|=|<|>)\s*(?:"([^"\\]*)|([^,()"<>=\s]*))$/);
  if (value) {
    const quoted = value[3] !== undefined;
    const prefix = quoted ? value[3] : value[4];
    return { kind: "value", dimension: value[1], prefix, start: before.length - prefix.length - (quoted ? 1 : 0) };
  }
  const dim = before.match(/(?:^|[(,\[]\s*)([A-Za-z_][A-Za-z0-9_]*)$/) || before.match(/[(,]\s*$/) && [null, ""];
  if (dim) return { kind: "dimension", prefix: dim[1], start: before.length - dim[1].length };
  return null;
}

async function complete() {
  const area = $("plan");
  const ask = ++state.asked;
  const want = state.lattice ? wanted(area.value.slice(0, area.selectionStart)) : null;
  let items = [];
  if (want && want.kind === "dimension") {
    items = state.dimensions.filter((d) => d.name.startsWith(want.prefix))
      .map((d) => ({ insert: d.name, label: d.name, note: `${d.kind}, ${d.values} values` }));
  } else if (want && want.kind === "value" && state.dimensions.some((d) => d.name === want.dimension)) {
    const page = await call(`lattices/${enc(state.lattice)}/dimensions/${enc(want.dimension)}/values?limit=20&prefix=${enc(want.prefix)}`);
    if (ask !== state.asked) return;   // a later keystroke asked since
    if (page.ok) {
      items = page.json.values.map((v) => ({ insert: printName(v.value), label: v.value,
                                             note: v.parents.length ? `under ${v.parents.join(", ")}` : "" }));
    }
  }
  if (items.length === 1 && want && items[0].label === want.prefix) items = [];   // typed already
  showCompletions(items, want);
}

function showCompletions(items, want) {
  const list = $("completions");
  clear(list);
  state.completing = items.map((item) => ({ ...item, start: want.start }));
  state.active = 0;
  state.navigated = false;
  list.hidden = items.length === 0;
  items.forEach((item, i) => {
    const li = el("li", i === 0 ? "active" : "", el("span", "label", item.label), item.note ? el("span", "note", item.note) : null);
    li.setAttribute("role", "option");
    li.addEventListener("mousedown", (event) => { event.preventDefault(); take(i); });
    list.append(li);
  });
}

function take(i) {
  const item = state.completing[i];
  if (!item) return;
  const area = $("plan");
  const end = area.selectionStart;
  area.value = area.value.slice(0, item.start) + item.insert + area.value.slice(end);
  const at = item.start + item.insert.length;
  area.setSelectionRange(at, at);
  area.focus();
  showCompletions([], null);
}

function onKey(event) {
  const open = !$("completions").hidden && state.completing.length > 0;
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); run(); return; }
  if (!open) return;
  // Tab takes the chosen completion; Enter only once the arrows chose one (else it is a new line)
  if (event.key === "Tab" || (event.key === "Enter" && state.navigated)) { event.preventDefault(); take(state.active); }
  else if (event.key === "Escape") { showCompletions([], null); }
  else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    state.navigated = true;
    const n = state.completing.length;
    state.active = (state.active + (event.key === "ArrowDown" ? 1 : n - 1)) % n;
    [...$("completions").children].forEach((li, i) => li.classList.toggle("active", i === state.active));
  }
}

// ---------------------------------------------------------------------------- results

function showError(answer) {
  const out = $("output");
  clear(out);
  const e = answer.json || { error: `HTTP ${answer.status}`, message: answer.text };
  const box = el("div", "error-box", el("div", "status error", `${e.error}: ${e.message}`));
  if (e.hint) box.append(el("div", "hint", `hint: ${e.hint}`));
  if (e.context) box.append(el("pre", "context", e.context));
  if (Array.isArray(e.expected) && e.expected.length) box.append(el("div", "dim", `expected: ${e.expected.join(", ")}`));
  for (const sub of e.errors || []) box.append(el("div", "hint", `${sub.message}${sub.hint ? ` — ${sub.hint}` : ""}`));
  out.append(box);
}

/** An atom as the proof's text writes it: pred("arg", …). */
function atomText(atom) {
  return `${atom.pred}(${(atom.args || []).map((a) => JSON.stringify(a)).join(", ")})`;
}

function evidenceBox(ev) {
  const where = [ev.doc !== undefined ? `document ${ev.doc}` : null,
                 ev.line !== undefined ? `line ${ev.line}, column ${ev.column}` : null,
                 ev.confidence !== undefined ? `confidence ${ev.confidence}` : null].filter(Boolean).join(" · ");
  const box = el("div", "evidence", el("span", "sentence", ev.source_text ?? ""), el("span", "where", where));
  for (const [key, value] of Object.entries(ev)) {
    if (!["source_text", "doc", "line", "column", "confidence", "start", "end", "predicate"].includes(key)) {
      box.append(el("span", "where", `${key}: ${JSON.stringify(value)}`));
    }
  }
  return box;
}

const SHOWN = new Set(["atom", "children", "premises", "rule-number", "axiom", "evidence"]);

/** One node of a proof tree, as a <details> whose children open on demand. */
function proofNode(node) {
  const summary = el("summary", null, node.atom ? atomText(node.atom) : (node.reason ? `reason ${node.reason}` : "step"));
  if (node["rule-number"]) summary.append(el("span", "rule", node["rule-number"]));
  const details = el("details", "node", summary);
  if (node.axiom !== undefined) details.append(el("div", "axiom", `axiom ${node.axiom}`));
  if (node.evidence) details.append(evidenceBox(node.evidence));
  for (const [key, value] of Object.entries(node)) {
    if (!SHOWN.has(key)) details.append(el("div", "field", `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`));
  }
  for (const child of node.children || []) details.append(proofNode(child));
  return details;
}

function proofTrees(proof) {
  if (!proof || Object.keys(proof).length === 0) return [];
  return Array.isArray(proof.trees) ? proof.trees : [proof];
}

function showResult(answer) {
  const out = $("output");
  clear(out);
  const r = answer.json;
  const head = el("div", `status ${r.status}`, r.status);
  if (r.status === "abstain") head.append(` — ${r.reasons.join(", ") || r.reason}`);
  out.append(head, el("div", "dim", `plan: ${r.plan}`));
  if (r.verdict !== null && r.verdict !== undefined) out.append(el("div", "verdict", `verdict: ${JSON.stringify(r.verdict)}`));
  if (r.page) {
    const p = r.page;
    const last = Math.min(p.offset + p.limit, p.total);
    const line = el("div", "dim page", `answers ${p.total ? p.offset + 1 : 0}–${last} of ${p.total.toLocaleString("en-US")} `);
    if (p.offset > 0) line.append(pageButton("previous page", Math.max(0, p.offset - p.limit)));
    if (p.more) line.append(pageButton("next page", p.offset + p.limit));
    out.append(line);
  }
  if (r.answers.length) {
    const list = el("ol", "answers");
    for (const a of r.answers) list.append(el("li", "answer", typeof a === "string" ? a : JSON.stringify(a)));
    out.append(el("h2", null, "answers"), list);
  }
  if (r.contested && r.contested.length) {
    out.append(el("h2", null, "contested"), el("pre", "contested", JSON.stringify(r.contested, null, 2)));
  }
  if (r.status === "abstain") {
    out.append(el("h2", null, "reason"), el("div", "reason", r.reasons.join(", ") || String(r.reason)));
    out.append(el("h2", null, "witness"), el("pre", "witness", JSON.stringify(r.witness, null, 2)));
  }
  const trees = proofTrees(r.proof);
  if (trees.length) {
    const proof = el("div", "proof");
    for (const tree of trees) proof.append(proofNode(tree));
    const all = el("button", "open-all", "open all");
    all.type = "button";
    all.addEventListener("click", () => proof.querySelectorAll("details").forEach((d) => { d.open = true; }));
    out.append(el("h2", null, "proof ", all), proof);
  }
}

/** A button that runs the same plan from `offset` (the result's own page size). */
function pageButton(label, offset) {
  const button = el("button", "page-button", label);
  button.type = "button";
  button.addEventListener("click", () => run(offset));
  return button;
}

function offerDownload(text) {
  const link = $("download");
  if (state.url) URL.revokeObjectURL(state.url);
  state.url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.href = state.url;
  link.hidden = false;
}

async function run(offset = 0) {
  if (!state.lattice) return;
  showCompletions([], null);
  $("download").hidden = true;
  const answer = await call(`lattices/${enc(state.lattice)}/run`, { plan: $("plan").value, offset });
  if (answer.ok && answer.json && answer.json.status) { showResult(answer); offerDownload(answer.text); }
  else showError(answer);
}

async function check() {
  if (!state.lattice) return;
  const answer = await call(`lattices/${enc(state.lattice)}/check`, { plan: $("plan").value });
  if (answer.ok) { clear($("output")); $("output").append(el("div", "status answer", `checks: ${answer.json.plan}`)); }
  else showError(answer);
}

// ------------------------------------------------------------------------------ start

function start() {
  $("token").value = sessionStorage.getItem(TOKEN_KEY) || "";
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const token = $("token").value.trim();
    if (token) sessionStorage.setItem(TOKEN_KEY, token); else sessionStorage.removeItem(TOKEN_KEY);
    loadLattices();
  });
  $("lattice").addEventListener("change", chooseLattice);
  $("plan").addEventListener("input", complete);
  $("plan").addEventListener("keydown", onKey);
  $("plan").addEventListener("blur", () => showCompletions([], null));
  $("run").addEventListener("click", () => run());
  $("check").addEventListener("click", check);
  document.body.dataset.ready = "true";
  loadLattices();
}

start();
