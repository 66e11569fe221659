#!/usr/bin/env node
// beaweb-body: joins a Minecraft Java server as a player through
// mineflayer and serves beaweb's protocol 2 on a WebSocket.
//
//   node src/main.js --host play.example.net --port 25565 --username Bea \
//     [--auth offline|microsoft] [--version 1.21.4] [--listen 127.0.0.1:8080]
//
// It exits when the game link ends (kicked, server gone) after answering
// every request still running; beaweb restarts it.

import { parseArgs } from 'node:util';
import mineflayer from 'mineflayer';
import pathfinderPkg from 'mineflayer-pathfinder';
import toolPkg from 'mineflayer-tool';
import { startBody } from './body.js';

const { pathfinder, Movements } = pathfinderPkg;

const usage = 'usage: beaweb-body --host HOST [--port 25565] --username NAME [--auth offline|microsoft] [--version X] [--listen 127.0.0.1:8080]';

function log(msg, extra = {}) {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), msg, ...extra })}\n`);
}

function die(sentence) {
  process.stderr.write(`${sentence}\n${usage}\n`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        host: { type: 'string' }, port: { type: 'string', default: '25565' }, username: { type: 'string' },
        auth: { type: 'string', default: 'offline' }, version: { type: 'string' }, listen: { type: 'string', default: '127.0.0.1:8080' },
        'profiles-folder': { type: 'string' },
      },
    });
  } catch (e) {
    return die(e.message);
  }
})();

if (!values.host) die('--host is missing: the Minecraft server to join.');
if (!values.username) die('--username is missing: the player name she joins as (with --auth microsoft, the account\'s e-mail).');
if (!['offline', 'microsoft'].includes(values.auth)) die(`--auth must be offline or microsoft, not ${values.auth}.`);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) die(`--port must be a port number, not ${values.port}.`);
const m = /^(.*):(\d+)$/.exec(values.listen);
if (!m) die(`--listen must be host:port, not ${values.listen}.`);
const listenHost = m[1].replace(/^\[|\]$/g, '');
if (!['127.0.0.1', '::1', 'localhost'].includes(listenHost)) {
  log('listening beyond this machine: the protocol has no authentication, so anyone who reaches this address can steer her', { listen: values.listen });
}

const started = Date.now();
/** @type {ReturnType<typeof startBody>} */
let body;
const bot = mineflayer.createBot({
  host: values.host,
  port,
  username: values.username,
  auth: values.auth,
  version: values.version || false,
  respawn: false, // the respawn reflex respawns her and reports it
  hideErrors: true,
  profilesFolder: values['profiles-folder'],
  onMsaCode: (data) => {
    const sentence = `To let her join as ${values.username}, open ${data.verification_uri} and enter the code ${data.user_code} (it expires in ${Math.round(data.expires_in / 60)} minutes).`;
    process.stdout.write(`${sentence}\n`);
    body.signInNeeded({ url: data.verification_uri, code: data.user_code, expires_in: data.expires_in, message: sentence });
  },
});
bot.loadPlugin(pathfinder);
bot.loadPlugin(toolPkg.plugin);
body = startBody({ bot, host: listenHost, port: Number(m[2]), server: `${values.host}:${port}`, username: values.username, mcVersion: values.version, log });
body.link.listening.then(
  (addr) => log('serving protocol 2', { listen: `${addr.address}:${addr.port}` }),
  (e) => { log('cannot listen', { listen: values.listen, error: String(e) }); process.exit(1); },
);

bot.once('spawn', () => {
  body.signedIn();
  const moves = new Movements(bot);
  moves.canDig = false;
  moves.allowParkour = true;
  moves.allow1by1towers = true;
  bot.pathfinder.setMovements(moves);
  bot.pathfinder.thinkTimeout = 5000;
  log('ready', { ms_to_spawn: Date.now() - started, version: bot.version });
});

let ending = false;
async function end(reason, code) {
  if (ending) return;
  ending = true;
  body.lost(reason);
  // Let the answers reach beaweb before the sockets close.
  await new Promise((r) => setTimeout(r, 300));
  await body.close();
  bot.end?.();
  process.exit(code);
}

bot.on('kicked', (reason) => log('kicked from the server', { reason: typeof reason === 'string' ? reason : JSON.stringify(reason) }));
bot.on('error', (e) => log('game link error', { error: String(e?.message ?? e) }));
bot.on('end', (reason) => end(`the game link ended: ${reason}`, 1));
process.on('SIGINT', () => end('stopped', 0));
process.on('SIGTERM', () => end('stopped', 0));
