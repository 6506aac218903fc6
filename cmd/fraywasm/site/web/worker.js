// The Web Worker that runs fray (fray.wasm, see cmd/fraywasm): the page
// sends it the compiled module once, then requests; long work here never
// freezes the page, and the page can end it by ending the worker.
'use strict';
importScripts('wasm_exec.js');

let ready = null;

onmessage = async (e) => {
  const m = e.data;
  if (m.type === 'init') {
    const go = new Go();
    ready = WebAssembly.instantiate(m.module, go.importObject).then((inst) => {
      go.run(inst); // runs main until it waits, having set self.fray
      postMessage({ type: 'ready', version: self.fray.version });
    }, (err) => postMessage({ type: 'failed', error: String(err) }));
    return;
  }
  if (m.type === 'cancel') {
    if (self.fray) self.fray.cancel();
    return;
  }
  await ready;
  const t0 = performance.now();
  let resp;
  try {
    const progress = (done, total) => postMessage({ type: 'progress', id: m.id, done, total });
    resp = JSON.parse(await self.fray.handle(JSON.stringify(m.req), progress));
  } catch (err) {
    resp = { diagnostics: [], error: 'fray stopped: ' + err };
  }
  postMessage({ type: 'result', id: m.id, resp, ms: performance.now() - t0 });
};
