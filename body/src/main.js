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
import { startPlayer } from './player.js';

const usage = 'usage: beaweb-body --host HOST [--port 25565] --username NAME [--auth offline|microsoft] [--version X] [--listen 127.0.0.1:8080]';

function log(msg, extra = {}) {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), msg, ...extra })}\n`);
}

function die(sentence) {
  process.stderr.write(`${sentence}\n${usage}\n`);
  process.exit(2);
}

function options() {
  try {
    return parseArgs({
      options: {
        host: { type: 'string' }, port: { type: 'string', default: '25565' }, username: { type: 'string' },
        auth: { type: 'string', default: 'offline' }, version: { type: 'string' }, listen: { type: 'string', default: '127.0.0.1:8080' },
        'profiles-folder': { type: 'string' },
      },
    }).values;
  } catch (e) {
    return die(e.message);
  }
}

const values = options();
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

const { bot, body, ended } = startPlayer({
  host: values.host, port, username: values.username, auth: values.auth, version: values.version,
  listenHost, listenPort: Number(m[2]), profilesFolder: values['profiles-folder'], log,
  onSignIn: (sentence) => process.stdout.write(`${sentence}\n`),
});
body.link.listening.then(
  (addr) => log('serving protocol 2', { listen: `${addr.address}:${addr.port}` }),
  (e) => { log('cannot listen', { listen: values.listen, error: String(e) }); process.exit(1); },
);

let ending = false;
async function end(code) {
  if (ending) return;
  ending = true;
  // Let the answers of the requests cut short reach beaweb before the sockets close.
  await new Promise((r) => setTimeout(r, 300));
  await body.close();
  bot.end?.();
  process.exit(code);
}

ended.then(() => end(1));
process.on('SIGINT', () => { body.lost('stopped'); end(0); });
process.on('SIGTERM', () => { body.lost('stopped'); end(0); });
