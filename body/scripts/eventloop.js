#!/usr/bin/env node
// eventloop: how long the body's event loop stalls while she surveys,
// scans and walks on flying-squid on loopback. The server runs in a child
// process; the body, its state (0.5 s), survey and terrain (2 s) packets,
// a scan for dirt within 64 blocks every 10 s (stone the next time) and
// walks back and forth every 8 s run here, under
// perf_hooks.monitorEventLoopDelay.
//
//   node scripts/eventloop.js [seconds=300] [--terrain]
//
// --terrain: flying-squid's generated hills instead of the flat world.
// On a shared machine a stall may be the scheduler's, not hers: "busy" is
// the CPU time the body's process used in each stretch longer than 50 ms
// between two 10 ms ticks, so a long stretch with little CPU was spent
// waiting for a core.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { WebSocket } from 'ws';
import { startPlayer } from '../src/player.js';
import { MC_VERSION, startSquid } from '../test/integration/squid.js';

const seconds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 300);
const terrain = process.argv.includes('--terrain');
const squid = await startSquid(terrain ? { terrain: true } : { grove: true });
const player = startPlayer({
  host: '127.0.0.1', port: squid.port, username: 'Bea', auth: 'offline', version: MC_VERSION,
  listenHost: '127.0.0.1', listenPort: 0, log: () => {},
});
const addr = await player.body.link.listening;
await player.spawned;
// The chunks the server sends at join come in bursts that mineflayer parses
// in one turn; the measure starts once they are in.
await player.bot.waitForChunksToLoad();
const ws = new WebSocket(`ws://127.0.0.1:${addr.port}`);
await new Promise((r) => ws.once('open', r));
const answers = {};
ws.on('message', (d) => {
  const p = JSON.parse(d);
  if (!p.type) answers[`${p.action} ${p.result}`] = (answers[`${p.action} ${p.result}`] ?? 0) + 1;
});
let seq = 0;
const ask = (action, parameters) => ws.send(JSON.stringify({ id: `r${++seq}-e`, action, parameters }));
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
// The stretches longer than 50 ms between two 10 ms ticks, with the CPU
// time the process used in each.
const stretches = [];
let last = performance.now();
let cpu = process.cpuUsage();
const ticker = setInterval(() => {
  const now = performance.now();
  const used = process.cpuUsage(cpu);
  if (now - last > 50) stretches.push({ ms: now - last, busy: (used.user + used.system) / 1000 });
  last = now;
  cpu = process.cpuUsage();
}, 10);
const began = Date.now();
const load0 = loadavg()[0];
const from = player.bot.entity.position.floored();
let leg = 0;
const walks = setInterval(() => {
  leg++;
  const x = terrain ? from.x + (leg % 2 ? 20 : -12) : leg % 2 ? 20 : -4;
  ask('move_to', { x, y: terrain ? from.y : 5, z: from.z, range: terrain ? 4 : 1 });
}, 8000);
let scan = 0;
const scanNext = () => ask('scan', { block: scan++ % 2 ? 'stone' : 'dirt', radius: 64 });
const scans = setInterval(scanNext, 10_000);
scanNext();
await new Promise((r) => setTimeout(r, seconds * 1000));
h.disable();
clearInterval(walks);
clearInterval(scans);
clearInterval(ticker);
const ms = (ns) => Math.round(ns / 1e5) / 10;
const worst = stretches.sort((a, b) => b.ms - a.ms).slice(0, 5).map((s) => `${Math.round(s.ms)} ms (busy ${Math.round(s.busy)} ms)`);
console.log(JSON.stringify({
  seconds: Math.round((Date.now() - began) / 1000), world: terrain ? 'hills' : 'flat',
  p50_ms: ms(h.percentile(50)), p99_ms: ms(h.percentile(99)), max_ms: ms(h.max), over_50ms: h.percentile(99) > 50e6,
  stretches_over_50ms: stretches.length, busy_over_50ms: stretches.filter((s) => s.busy > 50).length, worst,
  load_before: load0, load_after: loadavg()[0], answers,
}));
ws.close();
await player.body.close();
player.bot.end();
squid.kill();
process.exit(0);
