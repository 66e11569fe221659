#!/usr/bin/env node
// figures measures the body against flying-squid on loopback (not a test:
// the numbers depend on the machine): from starting the body process to its
// hello and to joining the server; the state and survey packets' size and
// rate; the body process's memory (RSS); its CPU while idle and while
// walking back and forth with move_to, in the flat world with the ring of
// log trunks the end-to-end run uses. Run from body/ after npm ci:
//
//   node scripts/figures.js            (or: npm run figures)
//
// It prints one line per figure and exits; about 40 s. CPU is read from
// /proc, so it runs on Linux only.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { MC_VERSION, SPAWN, freePort, startSquid } from '../test/integration/squid.js';

const WINDOW_MS = 10_000;

const squid = await startSquid({ grove: true }); // the trunks give the survey something to count
const wsPort = await freePort();
const t0 = performance.now();
const body = spawn(process.execPath, [
  new URL('../src/main.js', import.meta.url).pathname, '--host', '127.0.0.1', '--port', String(squid.port),
  '--username', 'Bea', '--version', MC_VERSION, '--listen', `127.0.0.1:${wsPort}`,
], { stdio: 'ignore' });

/** cpuSeconds is the user and system time the body process has used. */
const cpuSeconds = () => {
  const f = readFileSync(`/proc/${body.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks of 1/100 s
};
const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${body.pid}/status`, 'utf8'))[1]) / 1024;

// Dial until the body listens; the hello is its first frame.
let ws;
let helloAt = 0;
let worldAt = 0;
for (;;) {
  try {
    ws = await new Promise((resolve, reject) => {
      const w = new WebSocket(`ws://127.0.0.1:${wsPort}`);
      w.once('message', () => { helloAt = performance.now(); });
      w.once('open', () => resolve(w));
      w.once('error', reject);
    });
    break;
  } catch {
    await sleep(20);
  }
}
const packets = { state: [], survey: [] };
const answers = new Map();
ws.on('message', (d) => {
  const p = JSON.parse(d);
  if (p.type === 'world') worldAt = performance.now();
  if (packets[p.type]) packets[p.type].push({ t: performance.now(), bytes: d.length });
  if (!p.type) answers.set(p.id, p);
});
while (!worldAt) await sleep(20);
while (!helloAt) await sleep(20);
console.log(`start to hello: ${(helloAt - t0).toFixed(0)} ms; start to joined (the world packet): ${(worldAt - t0).toFixed(0)} ms`);

/** window runs during for WINDOW_MS and answers the body's CPU share and the packets in that time. */
async function window(during) {
  const c0 = cpuSeconds();
  const w0 = performance.now();
  await during(w0);
  const secs = (performance.now() - w0) / 1000;
  const of = (type) => {
    const ps = packets[type].filter((x) => x.t >= w0);
    const bytes = ps.map((x) => x.bytes);
    return `${(ps.length / secs).toFixed(1)}/s, mean ${(bytes.reduce((a, b) => a + b, 0) / (bytes.length || 1)).toFixed(0)} B, max ${Math.max(0, ...bytes)} B`;
  };
  return { cpu: (100 * (cpuSeconds() - c0)) / secs, state: of('state'), survey: of('survey') };
}

await sleep(3000); // past the join's own work
const idle = await window(() => sleep(WINDOW_MS));
console.log(`idle: CPU ${idle.cpu.toFixed(1)} % of one core; RSS ${rssMiB().toFixed(0)} MiB; state ${idle.state}; survey ${idle.survey}`);

let walks = 0;
const walking = await window(async (w0) => {
  while (performance.now() - w0 < WINDOW_MS) {
    const id = `r${++walks}-figures`;
    ws.send(JSON.stringify({ id, action: 'move_to', parameters: { x: SPAWN.x + (walks % 2 ? 16 : -16), y: 5, z: SPAWN.z + 2 } }));
    while (!answers.has(id)) await sleep(20);
  }
});
const results = [...answers.values()].map((a) => a.result);
console.log(`walking: CPU ${walking.cpu.toFixed(1)} % of one core; RSS ${rssMiB().toFixed(0)} MiB; state ${walking.state}; ${walks} move_to of 16 blocks (${results.filter((r) => r === 'SUCCESS').length} SUCCESS)`);

ws.close();
body.kill('SIGTERM');
squid.kill();
process.exit(0);
