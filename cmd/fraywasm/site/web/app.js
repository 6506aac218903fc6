// The playground page: the editor, the example picker, the share link
// and the charts. fray itself runs in Web Workers (worker.js), one for
// lint as you type, one for run, sim and prob, so a long sim neither
// freezes the page nor holds up the diagnostics.
'use strict';

const $ = (id) => document.getElementById(id);

// A script error is kept where the tests look, besides the console.
window.addEventListener('error', (e) => { document.body.dataset.jsErrors = (document.body.dataset.jsErrors || '') + e.message + '; '; });
window.addEventListener('unhandledrejection', (e) => { document.body.dataset.jsErrors = (document.body.dataset.jsErrors || '') + e.reason + '; '; });

const state = {
  shipped: {},     // path -> text, as built from the repository
  files: {},       // path -> text, as edited
  examples: [],
  example: null,   // the picked example
  tabs: [],        // paths open in the editor
  active: null,    // the path in the editor
  diags: [],       // of the last lint
  runError: null,  // a runtime error's place: {filename, start, end, summary}
};

// ---- the engines ---------------------------------------------------------

let wasmModule = null;

// Engine is one worker running fray.wasm; call sends a request and
// resolves with {resp, ms}; kill ends the worker (and what it runs) and
// starts a fresh one.
class Engine {
  constructor() { this.start(); }
  start() {
    this.next = 1;
    this.pending = new Map();
    this.worker = new Worker('worker.js');
    this.ready = new Promise((resolve, reject) => { this.onReady = resolve; this.onFail = reject; });
    this.worker.onmessage = (e) => this.message(e.data);
    this.worker.postMessage({ type: 'init', module: wasmModule });
  }
  message(m) {
    if (m.type === 'ready') { this.version = m.version; this.onReady(); return; }
    if (m.type === 'failed') { this.onFail(new Error(m.error)); return; }
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'progress') { if (p.onProgress) p.onProgress(m.done, m.total); return; }
    this.pending.delete(m.id);
    p.resolve({ resp: m.resp, ms: m.ms });
  }
  call(req, onProgress) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.worker.postMessage({ type: 'request', id, req });
    });
  }
  cancel() { this.worker.postMessage({ type: 'cancel' }); }
  kill(why) {
    this.worker.terminate();
    for (const p of this.pending.values()) p.resolve({ resp: { diagnostics: [], error: why }, ms: 0 });
    this.start();
  }
}

let linter = null;  // lint and info, as you type
let runner = null;  // run, sim, prob, fmt

// ---- the editor ----------------------------------------------------------

const text = $('text');

function esc(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

function base(p) { return p.slice(p.lastIndexOf('/') + 1); }

// offsetOf turns a diagnostic's line and column (characters, from 1)
// into an index of the JavaScript string (UTF-16 units).
function offsetOf(src, starts, line, col) {
  if (line < 1) return 0;
  if (line > starts.length) return src.length;
  let i = starts[line - 1];
  const end = line < starts.length ? starts[line] - 1 : src.length;
  for (let c = 1; c < col && i < end; c++) i += src.codePointAt(i) > 0xffff ? 2 : 1;
  return i;
}

function lineStarts(src) {
  const starts = [0];
  for (let i = 0; i < src.length; i++) if (src[i] === '\n') starts.push(i + 1);
  return starts;
}

// marksOf are the diagnostics (and the runtime error) of one file.
function marksOf(path) {
  const out = state.diags.filter((d) => d.subject && d.subject.filename === path)
    .map((d) => ({ sev: d.severity, r: d.subject, title: `${d.code} ${d.summary}` }));
  if (state.runError && state.runError.filename === path) {
    out.push({ sev: 'error', r: state.runError, title: state.runError.summary });
  }
  return out;
}

const rank = { error: 0, warning: 1, note: 2 };

function renderEditor() {
  const src = text.value;
  const starts = lineStarts(src);
  const marks = marksOf(state.active);
  // The gutter: line numbers, coloured by the worst diagnostic on a line.
  const worst = {};
  for (const m of marks) {
    const l = m.r.start.line;
    if (!(l in worst) || rank[m.sev] < rank[worst[l]]) worst[l] = m.sev;
  }
  let g = '';
  for (let l = 1; l <= starts.length; l++) g += `<div class="${worst[l] || ''}">${l}</div>`;
  $('gutter').innerHTML = g;
  // The marks: the text, transparent, with the spans underlined.
  const spans = marks.map((m) => {
    const a = offsetOf(src, starts, m.r.start.line, m.r.start.column);
    let b = offsetOf(src, starts, m.r.end.line, m.r.end.column);
    if (b <= a) b = Math.min(src.length, a + 1);
    return { a, b, sev: m.sev, title: m.title };
  }).sort((x, y) => x.a - y.a || rank[x.sev] - rank[y.sev]);
  let html = '';
  let at = 0;
  for (const s of spans) {
    if (s.a < at) continue; // overlapping: the first one shows
    html += esc(src.slice(at, s.a));
    let inner = src.slice(s.a, s.b);
    if (inner === '' || inner === '\n') inner = ' ' + inner;
    html += `<mark class="${s.sev}" title="${esc(s.title)}">${esc(inner)}</mark>`;
    at = Math.max(s.b, s.a);
  }
  html += esc(src.slice(at)) + '\n ';
  $('marks').innerHTML = html;
  syncScroll();
}

function syncScroll() {
  $('marks').scrollTop = text.scrollTop;
  $('marks').scrollLeft = text.scrollLeft;
  $('gutter').scrollTop = text.scrollTop;
}

function renderTabs() {
  const nav = $('tabs');
  nav.innerHTML = '';
  const ex = state.example;
  for (const p of state.tabs) {
    const b = document.createElement('button');
    b.setAttribute('role', 'tab');
    b.dataset.path = p;
    let kind = 'file';
    if (ex && p === ex.encounter) kind = 'encounter';
    else if (ex && p === ex.rules) kind = ex.variant ? 'variant' : 'rules';
    else if (ex && p === ex.base) kind = 'base';
    b.innerHTML = `${esc(base(p))}<span class="kind">${kind}</span>`;
    b.title = p;
    b.classList.toggle('on', p === state.active);
    b.classList.toggle('edited', state.files[p] !== state.shipped[p]);
    b.classList.toggle('has-error', state.diags.some((d) => d.severity === 'error' && d.subject.filename === p));
    b.onclick = () => openFile(p);
    nav.appendChild(b);
  }
}

function openFile(p, line, col) {
  if (!(p in state.files)) return;
  if (!state.tabs.includes(p)) state.tabs.push(p);
  if (state.active !== p) {
    state.active = p;
    text.value = state.files[p];
    text.scrollTop = 0;
    text.scrollLeft = 0;
  }
  renderTabs();
  renderEditor();
  if (line) {
    const starts = lineStarts(text.value);
    const i = offsetOf(text.value, starts, line, col || 1);
    text.focus();
    text.setSelectionRange(i, i);
    const lh = 18;
    text.scrollTop = Math.max(0, (line - 6) * lh);
    syncScroll();
  }
}

let lintTimer = null;
text.addEventListener('input', () => {
  state.files[state.active] = text.value;
  $('sharelink').hidden = true; // the link no longer says what is here
  state.runError = null;
  renderEditor();
  renderTabs();
  clearTimeout(lintTimer);
  lintTimer = setTimeout(lint, 250);
});
text.addEventListener('scroll', syncScroll);
text.addEventListener('keydown', (e) => {
  if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    document.execCommand('insertText', false, '  ');
  }
  if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') { e.preventDefault(); doRun(); }
});

// ---- lint ----------------------------------------------------------------

let lintSeq = 0;

async function lint() {
  if (!linter) return; // fray is still loading: it lints once it is ready
  const seq = ++lintSeq;
  const files = { ...state.files };
  const rules = state.example && state.example.rules;
  const { resp, ms } = await linter.call({ cmd: 'lint', files, lint: state.tabs.slice(), path: rules });
  if (seq !== lintSeq) return; // a newer edit has been linted since
  state.diags = resp.diagnostics;
  renderDiagnostics();
  renderTabs();
  renderEditor();
  refreshTables(resp.info);
  document.body.dataset.linted = String(seq);
  document.body.dataset.lintMs = ms.toFixed(0);
}

function renderDiagnostics() {
  const box = $('diagnostics');
  box.innerHTML = '';
  const all = state.diags.slice();
  if (state.runError) all.unshift({ severity: 'error', code: 'run', summary: state.runError.summary, subject: state.runError });
  for (const d of all) {
    const r = d.subject;
    const div = document.createElement('div');
    div.className = `diag ${d.severity}`;
    div.innerHTML = `<span class="sev">${esc(d.severity)}</span><span class="at">${esc(r.filename)}:${r.start.line}:${r.start.column}</span>` +
      `${esc(d.summary)} <span class="muted">[${esc(d.code)}]</span>` + (d.detail ? `<div class="detail">hint: ${esc(d.detail)}</div>` : '');
    div.title = d.text || '';
    div.onclick = () => openFile(r.filename, r.start.line, r.start.column);
    box.appendChild(div);
  }
  const errs = state.diags.filter((d) => d.severity === 'error').length;
  const warns = state.diags.filter((d) => d.severity === 'warning').length;
  document.body.dataset.errors = String(errs);
  setStatus(errs + warns === 0 ? 'no problems' : `${errs} error${errs === 1 ? '' : 's'}, ${warns} warning${warns === 1 ? '' : 's'}`);
}

// The prob select's value for the chance of an event after the set-up
// (no table can have this name: names are identifiers).
const EVENT = ':event';

// probMode shows the prob inputs of the mode chosen: the expression, or
// the event's condition and --after; a table needs neither.
function probMode() {
  const mode = $('table').value;
  $('expr').hidden = mode !== '' && mode !== EVENT;
  $('afterbox').hidden = mode !== EVENT;
  $('expr').setAttribute('aria-label', mode === EVENT ? 'condition' : 'dice expression');
  if (mode === EVENT && /^[0-9d%+\- ]*$/.test($('expr').value)) $('expr').value = 'len(living(combatants)) == len(combatants)';
  if (mode === '' && !/^[0-9d%+\-* ]*$/.test($('expr').value)) $('expr').value = '3d6';
}
$('table').addEventListener('change', probMode);

// refreshTables offers the dice-fed tables of the ruleset for prob (a
// ruleset with errors offers none until it is mended).
function refreshTables(info) {
  const sel = $('table');
  const keep = sel.value;
  const tables = info ? info.tables : [];
  sel.innerHTML = '<option value="">dice expression</option><option value=":event">event after set-up</option>' +
    tables.map((t) => `<option value="${esc(t)}">table ${esc(t)}</option>`).join('');
  if (keep === EVENT || tables.includes(keep)) sel.value = keep;
  probMode();
}

// ---- commands ------------------------------------------------------------

function setStatus(s) { $('status').textContent = s; }

function num(id) {
  const v = $(id).value.trim();
  return v === '' ? undefined : Number(v);
}

function options() {
  const o = {};
  for (const k of ['seed', 'max_rounds', 'max_steps', 'n']) {
    const v = num(k);
    if (v !== undefined) o[k] = v;
  }
  return o;
}

function setBusy(busy) {
  for (const id of ['run', 'sim', 'prob', 'fmt']) $(id).disabled = busy;
  $('stop').disabled = !busy;
  $('progress').hidden = !busy;
  $('progress').firstChild.style.width = '0';
}

function showOut(id) {
  for (const b of document.querySelectorAll('#outtabs button')) b.classList.toggle('on', b.dataset.out === id);
  for (const el of document.querySelectorAll('.out')) el.hidden = el.id !== id;
}
for (const b of document.querySelectorAll('#outtabs button')) b.onclick = () => showOut(b.dataset.out);

// command runs one request on the runner, with the page busy meanwhile;
// it records how long fray took, for the tests and the status line.
let commands = 0; // how many commands were started: Stop ends only its own

async function command(name, req) {
  commands++;
  setBusy(true);
  setStatus(`${name}…`);
  const { resp, ms } = await runner.call({ files: { ...state.files }, ...req }, (done, total) => {
    // A sim counts fights; prob, the set-ups of an event (of a sample,
    // or of an exact walk, whose total is unknown: 0), or the steps of
    // work of a dice expression's or table's odds (of no known total).
    const unit = name === 'sim' ? 'fights' : req.cmd === 'event' ? 'set-ups' : 'steps of work';
    if (total) $('progress').firstChild.style.width = `${(100 * done / total).toFixed(1)}%`;
    setStatus(total ? `${name}: ${done} of ${total} ${unit}` : `${name}: ${done} ${unit}`);
  });
  setBusy(false);
  window.frayLast = resp; // the last answer, as data: the tests read it
  document.body.dataset.lastMs = String(ms);
  document.body.dataset.lastCmd = name;
  setStatus(`${name} took ${(ms / 1000).toFixed(2)} s` + (resp.error ? ' — failed' : ''));
  if (resp.diagnostics.some((d) => d.severity === 'error')) {
    state.diags = resp.diagnostics;
    renderDiagnostics();
    renderTabs();
    renderEditor();
  }
  return resp;
}

function encounterReq() {
  const ex = state.example;
  return { path: ex.encounter, rules: ex.variant ? ex.rules : '' };
}

async function doRun() {
  if ($('run').disabled) return;
  showOut('log');
  const resp = await command('run', { cmd: 'run', ...encounterReq(), ...options(), dice: $('dice').value });
  const log = $('log');
  log.textContent = resp.log || '';
  state.runError = null;
  if (resp.error) {
    const e = document.createElement('div');
    e.className = 'err';
    e.textContent = resp.error;
    log.appendChild(e);
    if (resp.error_at) {
      state.runError = { ...resp.error_at, summary: resp.error };
      openFile(resp.error_at.filename, resp.error_at.start.line, resp.error_at.start.column);
    }
  }
  renderDiagnostics();
  renderEditor();
  document.body.dataset.ran = String(Number(document.body.dataset.ran || 0) + 1);
}

async function doSim() {
  showOut('simout');
  const req = { cmd: 'sim', ...encounterReq(), ...options(), compare: $('compare').value };
  const resp = await command('sim', req);
  renderSim(resp);
}

async function doProb() {
  showOut('probout');
  const table = $('table').value;
  let req = { cmd: 'prob', expr: $('expr').value };
  if (table === EVENT) req = { cmd: 'event', ...encounterReq(), event: $('expr').value, after: $('after').value.trim(), seed: num('seed'), sample: num('sample') };
  else if (table) req = { cmd: 'table', path: state.example.rules, table };
  const resp = await command('prob', req);
  renderProb(resp);
}

async function doFmt() {
  const resp = await command('fmt', { cmd: 'fmt', path: state.active });
  if (resp.formatted != null && resp.formatted !== text.value) {
    text.focus();
    text.select();
    document.execCommand('insertText', false, resp.formatted); // keeps undo
    if (text.value !== resp.formatted) text.value = resp.formatted;
    state.files[state.active] = text.value;
    lint();
  }
}

$('run').onclick = doRun;
$('sim').onclick = doSim;
$('prob').onclick = doProb;
$('fmt').onclick = doFmt;
$('expr').addEventListener('keydown', (e) => { if (e.key === 'Enter') doProb(); });
$('stop').onclick = () => {
  // A sim stops between fights and reports what it played, the chance
  // of an event between set-ups (a sample's estimate so far; an exact
  // walk, none), the odds of dice or a table between convolutions
  // (none); a fight that does not yield within three seconds is
  // ended with its worker (a busy machine can take over a second to
  // deliver the cancel).
  // The timer ends the command Stop was pressed for, never a later one
  // (a command that stopped by itself has made way for the next).
  runner.cancel();
  const r = runner;
  const which = commands;
  setTimeout(() => { if (!$('stop').disabled && r === runner && which === commands) r.kill('stopped: the worker running fray was ended'); }, 3000);
};

// ---- charts --------------------------------------------------------------

const pctf = (x) => `${(100 * x).toFixed(1)}%`;

function svgEl(w, h, body) {
  return `<svg viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img">${body}</svg>`;
}

// intervalChart draws shares as horizontal bars with their 95%
// intervals; with two series (a comparison) the bars pair up.
function intervalChart(labels, series) {
  const left = 170, width = 300, rowH = series.length > 1 ? 26 : 18, top = 16;
  const h = top + labels.length * rowH + 8;
  let body = '';
  for (let t = 0; t <= 4; t++) {
    const x = left + width * t / 4;
    body += `<line class="grid" x1="${x}" y1="${top - 4}" x2="${x}" y2="${h - 6}"/><text x="${x}" y="10" text-anchor="middle">${25 * t}%</text>`;
  }
  labels.forEach((label, i) => {
    const y0 = top + i * rowH;
    body += `<text x="${left - 6}" y="${y0 + rowH / 2 + 4}" text-anchor="end">${esc(label)}</text>`;
    series.forEach((s, k) => {
      const v = s.values[i];
      if (!v) return;
      const bh = (rowH - 6) / series.length;
      const y = y0 + 3 + k * bh;
      body += `<rect class="${s.cls}" x="${left}" y="${y}" width="${width * v.estimate}" height="${bh - 1}"><title>${esc(s.name)}: ${pctf(v.estimate)} [${pctf(v.low)}, ${pctf(v.high)}]</title></rect>`;
      const mid = y + (bh - 1) / 2;
      body += `<line class="whisker" x1="${left + width * v.low}" x2="${left + width * v.high}" y1="${mid}" y2="${mid}"/>` +
        `<line class="whisker" x1="${left + width * v.low}" x2="${left + width * v.low}" y1="${mid - 3}" y2="${mid + 3}"/>` +
        `<line class="whisker" x1="${left + width * v.high}" x2="${left + width * v.high}" y1="${mid - 3}" y2="${mid + 3}"/>` +
        `<text x="${left + width + 6}" y="${mid + 4}">${pctf(v.estimate)}</text>`;
    });
  });
  return svgEl(left + width + 50, h, body);
}

// barChart draws vertical bars: [{label, value, tip, cls}], values in
// [0, max]; long axes show every k-th label.
function barChart(bars, fmtY) {
  const left = 44, top = 10, height = 180, bottom = 40;
  const bw = Math.max(3, Math.min(28, Math.floor(560 / Math.max(1, bars.length))));
  const width = bars.length * bw;
  const top1 = Math.max(...bars.map((b) => b.value), 1e-9);
  let body = '';
  for (let t = 0; t <= 4; t++) {
    const y = top + height - height * t / 4;
    body += `<line class="grid" x1="${left}" x2="${left + width}" y1="${y}" y2="${y}"/><text x="${left - 4}" y="${y + 4}" text-anchor="end">${fmtY(top1 * t / 4)}</text>`;
  }
  const every = Math.ceil(bars.length / Math.floor(width / 28 || 1));
  bars.forEach((b, i) => {
    const h = height * b.value / top1;
    const x = left + i * bw;
    body += `<rect class="${b.cls || 'a'}" x="${x + 1}" y="${top + height - h}" width="${bw - 2}" height="${h}"><title>${esc(b.tip)}</title></rect>`;
    if (i % every === 0) body += `<text x="${x + bw / 2}" y="${top + height + 14}" text-anchor="middle">${esc(b.label)}</text>`;
  });
  return svgEl(left + width + 10, top + height + bottom, body);
}

function table(head, rows, cls) {
  return `<table><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>` +
    rows.map((r, i) => `<tr class="${cls ? cls[i] || '' : ''}">${r.map((c) => `<td>${esc(String(c))}</td>`).join('')}</tr>`).join('') + '</table>';
}

const ci = (iv) => `${pctf(iv.estimate)} [${pctf(iv.low)}, ${pctf(iv.high)}]`;

function renderSim(resp) {
  const box = $('simout');
  if (!resp.sim) {
    box.innerHTML = `<p class="err">${esc(resp.error || 'no report')}</p>`;
    return;
  }
  const a = resp.sim, b = resp.compare;
  const series = [{ name: a.ruleset, cls: 'a', values: a.outcomes.map((o) => o.share) }];
  if (b) series.push({ name: b.ruleset, cls: 'b', values: a.outcomes.map((o) => (b.outcomes.find((x) => x.label === o.label) || {}).share) });
  let html = `<h3>${esc(a.encounter)}: ${a.fights} fights, seed ${a.seed}${a.partial ? ' (PARTIAL: stopped)' : ''}</h3>`;
  html += `<div class="legend"><span style="background:var(--a)"></span>${esc(a.ruleset)}` + (b ? `<span style="background:var(--b)"></span>${esc(b.ruleset)}` : '') + '</div>';
  html += intervalChart(a.outcomes.map((o) => o.label), series);
  if (a.failed) html += `<p class="err">${a.failed} fights failed; the first: ${esc(a.first_error)}</p>`;
  const r = a.rounds;
  html += `<h3>rounds: mean ${r.mean.estimate.toFixed(2)} [${r.mean.low.toFixed(2)}, ${r.mean.high.toFixed(2)}], median ${r.median}, sd ${r.sd.toFixed(2)}</h3>`;
  const hist = new Map(r.histogram.map(([k, n]) => [k, n]));
  const histB = b ? new Map(b.rounds.histogram.map(([k, n]) => [k, n])) : null;
  const lo = Math.min(r.min, b ? b.rounds.min : r.min), hi = Math.max(r.max, b ? b.rounds.max : r.max);
  const bars = [];
  for (let k = lo; k <= hi && k - lo < 300; k++) {
    const sa = (hist.get(k) || 0) / Math.max(1, a.fights - a.failed);
    bars.push({ label: String(k), value: sa, tip: `${k} rounds: ${pctf(sa)}`, cls: 'a' });
    if (histB) {
      const sb = (histB.get(k) || 0) / Math.max(1, b.fights - b.failed);
      bars.push({ label: '', value: sb, tip: `${k} rounds (${b.ruleset}): ${pctf(sb)}`, cls: 'b' });
    }
  }
  html += barChart(bars, pctf);
  if (resp.differences) {
    html += '<h3>comparison (differences significant at 95% in bold, marked *)</h3>';
    html += table(['', 'A', 'B', 'difference'], resp.differences.map((d) => d.mean ?
      [d.what, d.a.toFixed(2), d.b.toFixed(2), (d.difference >= 0 ? '+' : '') + d.difference.toFixed(2) + (d.significant ? ' *' : '')] :
      [d.what, pctf(d.a), pctf(d.b), (d.difference >= 0 ? '+' : '') + pctf(d.difference) + (d.significant ? ' *' : '')]),
    resp.differences.map((d) => (d.significant ? 'sig' : '')));
  }
  html += '<h3>survivors per fight</h3>' + table(['side', 'mean [95%]'], a.survivors.map((s) => [s.label, `${s.mean.estimate.toFixed(2)} [${s.mean.low.toFixed(2)}, ${s.mean.high.toFixed(2)}]`]));
  html += '<h3>deaths</h3>' + table(['combatant', 'share [95%]'], a.deaths.map((d) => [d.label, ci(d.share)]));
  if (a.events && a.events.length) html += '<h3>events</h3>' + table(['event', 'in share of fights', 'per fight'], a.events.map((e) => [e.label, ci(e.share), (e.per_fight || 0).toFixed(2)]));
  box.innerHTML = html;
}

function renderProb(resp) {
  const box = $('probout');
  if (!resp.prob) {
    box.innerHTML = `<p class="err">${esc(resp.error || 'no result')}</p>`;
    return;
  }
  const p = resp.prob;
  const event = p.kind === 'event';
  let html = event ? `<h3>${esc(p.title)}</h3>` :
    `<h3>${esc(p.title)}: min ${p.min}, max ${p.max}, mean ${p.mean.toFixed(4)}, sd ${p.sd.toFixed(4)}</h3>`;
  html += barChart(p.rows.map((r) => ({ label: r.label, value: r.float, tip: `${r.label}${r.row ? ' ' + r.row : ''}: ${r.p} = ${pctf(r.float)}` })), pctf);
  html += event ? table(['', 'probability', '%'], p.rows.map((r) => [r.label, r.p, pctf(r.float)])) : p.rows.some((r) => r.row) ?
    table(['roll', 'row', 'probability', '%'], p.rows.map((r) => [r.label, r.row || '', r.p, pctf(r.float)])) :
    table(['value', 'probability', '%', 'at least', 'at most'], p.rows.map((r) => [r.label, r.p, pctf(r.float), pctf(r.at_least || 0), pctf(r.at_most || 0)]));
  box.innerHTML = html;
}

// ---- examples and the share link -----------------------------------------

function pickExample(id, keepFiles) {
  const ex = state.examples.find((e) => e.id === id) || state.examples[0];
  state.example = ex;
  $('example').value = ex.id;
  if (!keepFiles) state.files = { ...state.shipped };
  state.tabs = [ex.encounter, ex.rules];
  if (ex.base && ex.base !== ex.rules) state.tabs.push(ex.base);
  state.runError = null;
  state.active = null;
  $('sharelink').hidden = true;
  // Compare with the other rulesets the same encounter is offered under.
  const others = state.examples.filter((e) => e.encounter === ex.encounter && e.rules !== ex.rules);
  $('compare').innerHTML = '<option value="">(none)</option>' + others.map((e) => `<option value="${esc(e.rules)}">${esc(base(e.rules))}</option>`).join('');
  openFile(ex.encounter);
  return lint();
}

// The link holds the example, the options and every file that differs
// from the shipped one, as JSON compressed with deflate, base64url. An
// edited shipped file is kept as its change: [prefix, suffix, middle],
// the lengths of what the edit left at either end and the text between,
// so that a one-line fix makes a short link.
function delta(old, now) {
  let a = 0;
  while (a < old.length && a < now.length && old[a] === now[a]) a++;
  let b = 0;
  while (b < old.length - a && b < now.length - a && old[old.length - 1 - b] === now[now.length - 1 - b]) b++;
  return [a, b, now.slice(a, now.length - b)];
}

function undelta(old, d) {
  if (typeof d === 'string') return d;
  if (!Array.isArray(d) || typeof old !== 'string' || d.length !== 3 || typeof d[2] !== 'string' ||
      !Number.isInteger(d[0]) || !Number.isInteger(d[1]) || d[0] < 0 || d[1] < 0 || d[0] + d[1] > old.length) return null;
  return old.slice(0, d[0]) + d[2] + old.slice(old.length - d[1]);
}

async function pack(obj) {
  const stream = new Blob([JSON.stringify(obj)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function unpack(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return JSON.parse(await new Response(stream).text());
}

async function share() {
  const edits = {};
  for (const [p, t] of Object.entries(state.files)) {
    if (state.shipped[p] !== t) edits[p] = p in state.shipped ? delta(state.shipped[p], t) : t;
  }
  const opts = {};
  for (const id of ['seed', 'dice', 'max_rounds', 'max_steps', 'n', 'compare', 'table', 'expr', 'after', 'sample']) opts[id] = $(id).value;
  const packed = await pack({ v: 1, example: state.example.id, active: state.active, edits, opts });
  const url = `${location.href.split('#')[0]}#s=${packed}`;
  history.replaceState(null, '', url);
  const box = $('sharelink');
  box.hidden = false;
  box.value = url;
  box.select();
  try { await navigator.clipboard.writeText(url); setStatus(`link copied (${url.length} characters)`); } catch { setStatus(`link in the address bar (${url.length} characters)`); }
}
$('share').onclick = share;

async function restore() {
  const m = /^#s=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!m) return false;
  let st;
  try { st = await unpack(m[1]); } catch (err) { setStatus('the link is damaged: ' + err.message); return false; }
  if (!st || st.v !== 1) { setStatus('the link is of another version of the playground'); return false; }
  state.files = { ...state.shipped };
  for (const [p, d] of Object.entries(st.edits || {})) {
    const t = undelta(state.shipped[p], d);
    if (t === null) { setStatus(`the link's change of ${p} does not fit the file: it is left as shipped`); continue; }
    state.files[p] = t;
  }
  await pickExample(st.example, true);
  for (const [id, v] of Object.entries(st.opts || {})) if ($(id) && typeof v === 'string') $(id).value = v;
  probMode();
  if (st.active && st.active in state.files) openFile(st.active);
  return true;
}

$('example').onchange = () => { history.replaceState(null, '', location.href.split('#')[0]); pickExample($('example').value); };
window.addEventListener('hashchange', () => restore());

// ---- start ---------------------------------------------------------------

async function main() {
  // The files first (a small download): the editor shows the example
  // while fray.wasm is fetched and compiled.
  let data;
  try {
    data = await (await fetch('examples.json')).json();
  } catch (err) {
    setStatus('the playground could not load its files: ' + err.message + ' (serve the folder over http; see docs/playground.md)');
    return;
  }
  state.shipped = data.files;
  state.files = { ...data.files };
  state.examples = data.examples;
  $('example').innerHTML = data.examples.map((e) => `<option value="${esc(e.id)}">${esc(e.title)}</option>`).join('');
  if (!(await restore())) await pickExample(state.examples[0].id);
  document.body.dataset.shown = performance.now().toFixed(0);
  setStatus('loading fray…');
  try {
    wasmModule = await WebAssembly.compileStreaming(fetch('fray.wasm'))
      .catch(async () => WebAssembly.compile(await (await fetch('fray.wasm')).arrayBuffer()));
    document.body.dataset.compiled = performance.now().toFixed(0);
    linter = new Engine();
    runner = new Engine();
    await Promise.all([linter.ready, runner.ready]);
    document.body.dataset.started = performance.now().toFixed(0);
  } catch (err) {
    setStatus('fray could not start: ' + err.message);
    return;
  }
  await lint();
  setBusy(false);
  $('share').disabled = false;
  // Load to interactive: from the start of the navigation until the
  // example is linted and every button works.
  const ms = performance.now();
  document.body.dataset.ready = ms.toFixed(0);
  setStatus(`${$('status').textContent} · fray (${linter.version}) ready in ${(ms / 1000).toFixed(2)} s`);
}

main();
