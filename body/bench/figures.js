// Not a test: measures the body against flying-squid: start to hello, the
// state packet's size and rate, memory, and CPU idle and walking.
//   node bench/figures.js
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { startSquid, freePort } from '../test/integration/squid.js';

const s = await startSquid();
const wsPort = await freePort();
const t0 = performance.now();
const child = spawn(process.execPath, ['src/main.js', '--host', '127.0.0.1', '--port', String(s.port), '--username', 'Bea', '--version', '1.21.1', '--listen', `127.0.0.1:${wsPort}`], { stdio: ['ignore', 'ignore', 'ignore'] });
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
let ws;
let hello, world;
for (;;) {
  try { ws = await new Promise((res, rej) => { const w = new WebSocket(`ws://127.0.0.1:${wsPort}`); w.once('message', () => { hello = performance.now(); }); w.once('open', () => res(w)); w.once('error', rej); }); break; } catch { await new Promise(r => setTimeout(r, 50)); }
}
const states = [];
const answers = {};
ws.on('message', (d) => { const p = JSON.parse(d); if (p.type === 'world') world = performance.now(); if (p.type === 'state') states.push({ t: performance.now(), n: d.length }); if (!p.type) answers[p.id] = p; });
while (!world) await new Promise(r => setTimeout(r, 20));
console.log(`start → hello ${(hello - t0).toFixed(0)} ms; start → joined (world packet) ${(world - t0).toFixed(0)} ms`);
await new Promise(r => setTimeout(r, 3000));
let c0 = cpu(); let w0 = performance.now();
await new Promise(r => setTimeout(r, 10000));
console.log(`idle CPU ${(100 * (cpu() - c0) / ((performance.now() - w0) / 1000)).toFixed(1)} % of one core; RSS ${rss().toFixed(0)} MiB`);
const recent = states.filter(x => x.t > w0);
console.log(`state packets: ${recent.length} in 10 s, mean ${(recent.reduce((a, x) => a + x.n, 0) / recent.length / 1024).toFixed(1)} KiB, max ${(Math.max(...recent.map(x => x.n)) / 1024).toFixed(1)} KiB`);
c0 = cpu(); w0 = performance.now();
let i = 0;
while (performance.now() - w0 < 10000) {
  const id = `r${++i}-figure`;
  ws.send(JSON.stringify({ id, action: 'move_to', parameters: { x: (i % 2 ? 20 : -20), y: 5, z: 0 } }));
  while (!answers[id] && performance.now() - w0 < 12000) await new Promise(r => setTimeout(r, 50));
}
console.log(`walking CPU ${(100 * (cpu() - c0) / ((performance.now() - w0) / 1000)).toFixed(1)} % of one core; RSS ${rss().toFixed(0)} MiB; ${i} move_to`, Object.values(answers).map(a => a.result).join(','));
child.kill('SIGTERM'); s.close(); process.exit(0);
