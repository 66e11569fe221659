#!/usr/bin/env node
// eventloop: how long the body's event loop stalls while she surveys,
// scans and walks on flying-squid on loopback. The server runs in a child
// process; the body, its survey every 2 s, a scan for stone within 64
// blocks every 10 s and walks back and forth run here, under
// perf_hooks.monitorEventLoopDelay.
//
//   node scripts/eventloop.js [seconds=300]

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { startPlayer } from '../src/player.js';
import { MC_VERSION, startSquid } from '../test/integration/squid.js';

const seconds = Number(process.argv[2] ?? 300);
const squid = await startSquid({ grove: true });
const player = startPlayer({
  host: '127.0.0.1', port: squid.port, username: 'Bea', auth: 'offline', version: MC_VERSION,
  listenHost: '127.0.0.1', listenPort: 0, log: () => {},
});
const addr = await player.body.link.listening;
await player.spawned;
const ws = new WebSocket(`ws://127.0.0.1:${addr.port}`);
await new Promise((r) => ws.once('open', r));
let seq = 0;
const ask = (action, parameters) => ws.send(JSON.stringify({ id: `r${++seq}-e`, action, parameters }));
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
const began = Date.now();
let leg = 0;
const walks = setInterval(() => { leg++; ask('move_to', { x: leg % 2 ? 20 : -4, y: 5, z: 8, range: 1 }); }, 8000);
const scans = setInterval(() => ask('scan', { block: 'dirt', radius: 64 }), 10_000);
ask('scan', { block: 'dirt', radius: 64 });
await new Promise((r) => setTimeout(r, seconds * 1000));
h.disable();
clearInterval(walks);
clearInterval(scans);
const ms = (ns) => Math.round(ns / 1e5) / 10;
console.log(JSON.stringify({ seconds: Math.round((Date.now() - began) / 1000), p50_ms: ms(h.percentile(50)), p99_ms: ms(h.percentile(99)), max_ms: ms(h.max), over_50ms: h.percentile(99) > 50e6 }));
ws.close();
await player.body.close();
player.bot.end();
squid.kill();
process.exit(0);
