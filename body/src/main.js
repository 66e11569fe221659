#!/usr/bin/env node
// beaweb-body: joins a Minecraft Java server as a player through
// mineflayer and serves beaweb's protocol 2 on a WebSocket.
//
//   node src/main.js --host play.example.net --port 25565 --username Bea \
//     [--auth offline|microsoft] [--version 1.21.4] [--listen 127.0.0.1:8080]
//     [--hello-stdin]
//
// With --hello-stdin the first line of stdin is a JSON object from beaweb:
// {"key": the secret a client must send as "Authorization: Bearer <key>",
//  "login_password": sent as /login after each join, "commands": the chat
// commands she may type}. beaweb passes these there, never in the arguments
// or the environment, where other programs on the machine could read them.
//
// It exits when the game link ends (kicked, server gone) after answering
// every request still running; beaweb restarts it. Its exit status says
// how it ended (server.js EXIT): 3, banned or not whitelisted, is not
// retried; 4, kicked, is retried later and later.

import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
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
        'profiles-folder': { type: 'string' }, 'hello-stdin': { type: 'boolean', default: false },
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

/** readHello reads beaweb's one line from stdin. */
async function readHello() {
  if (!values['hello-stdin']) return { key: '', login_password: '', commands: [] };
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    try {
      const h = JSON.parse(line);
      if (typeof h.key !== 'string' || !h.key) throw new Error('it has no key');
      return { key: h.key, login_password: String(h.login_password ?? ''), commands: Array.isArray(h.commands) ? h.commands.map(String) : [] };
    } catch (e) {
      return die(`the first line of stdin must be beaweb's JSON hello with a key: ${e.message}`);
    }
  }
  return die('--hello-stdin was given but stdin ended before beaweb\'s hello');
}

const hello = await readHello();
if (!hello.key) {
  log('no key: any program on this machine that reaches the listen address can steer her (beaweb passes one with --hello-stdin)', { listen: values.listen });
}

const { bot, body, ended } = startPlayer({
  host: values.host, port, username: values.username, auth: values.auth, version: values.version,
  listenHost, listenPort: Number(m[2]), profilesFolder: values['profiles-folder'], log,
  key: hello.key, loginPassword: hello.login_password, commands: hello.commands,
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

ended.then((e) => end(e.code));
// A promise nobody waited on that fails (a packet handler inside a plugin)
// is logged, not allowed to end her with every request unanswered.
process.on('unhandledRejection', (e) => log('a promise failed with nobody waiting on it', { error: String(e?.stack ?? e) }));
process.on('SIGINT', () => { body.lost('stopped'); end(0); });
process.on('SIGTERM', () => { body.lost('stopped'); end(0); });
