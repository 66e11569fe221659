// The private link: one client, the key beaweb passes at each start, no
// web page; and the lines she may type.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { WebSocket } from 'ws';
import { serve } from '../src/protocol.js';
import { ChatQueue, commandRefusal } from '../src/actions/misc.js';
import { logIn } from '../src/player.js';
import { run, flat } from './run.js';

function listen(key) {
  const link = serve({ host: '127.0.0.1', port: 0, hello: () => ({ type: 'hello', protocol: 2 }), onFrame: () => {}, onGone: () => {}, log: () => {}, key });
  return link;
}

/** dial answers 'open' with the first frame, or the HTTP status the handshake was refused with. */
function dial(port, headers) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`, { headers });
    ws.once('message', (d) => resolve({ ws, status: 'open', first: JSON.parse(d) }));
    ws.once('unexpected-response', (req, res) => resolve({ ws, status: res.statusCode }));
    ws.once('error', () => {});
  });
}

test('with a key: only its bearer is served, a web page never, and a new link replaces the old', async () => {
  const link = listen('s3cret');
  const { port } = await link.listening;
  assert.equal((await dial(port, {})).status, 401);
  assert.equal((await dial(port, { Authorization: 'Bearer wrong!' })).status, 401);
  assert.equal((await dial(port, { Authorization: 'Bearer s3cret', Origin: 'http://evil.example' })).status, 403);
  const a = await dial(port, { Authorization: 'Bearer s3cret' });
  assert.equal(a.status, 'open');
  assert.equal(a.first.type, 'hello');
  const closed = new Promise((r) => a.ws.once('close', (code) => r(code)));
  const b = await dial(port, { Authorization: 'Bearer s3cret' });
  assert.equal(b.status, 'open');
  assert.equal(await closed, 4000);
  assert.equal(link.clients.size, 1);
  b.ws.close();
  await link.close();
});

test('without a key: one client at a time, and never a web page', async () => {
  const link = listen('');
  const { port } = await link.listening;
  assert.equal((await dial(port, { Origin: 'http://evil.example' })).status, 403);
  const a = await dial(port, {});
  assert.equal(a.status, 'open');
  assert.equal((await dial(port, {})).status, 409);
  a.ws.close();
  await link.close();
});

test('mc_chat refuses a line starting with / unless the command is allowed', async () => {
  const bot = flat();
  const refused = await run(bot, 'mc_chat', { message: '/op Mallory' });
  assert.equal(refused.result, 'FAILURE');
  assert.match(refused.message, /you may not type server commands such as \/op/);
  assert.deepEqual(bot.chats, []);
  assert.match(commandRefusal('/op x', ['spawn']), /\/op is not among the commands you may type \(\/spawn\)/);
  assert.equal(commandRefusal('/spawn', ['spawn']), '');
  assert.equal(commandRefusal('hello /op', []), '');
});

test('the login plugin gets /login after the join and /register when it asks, and the log never holds the password', () => {
  const bot = new EventEmitter();
  bot.chats = [];
  bot.chat = (m) => bot.chats.push(m);
  const lines = [];
  logIn(bot, 'hunter2', (msg, extra) => lines.push(JSON.stringify({ msg, ...extra })));
  bot.emit('spawn');
  bot.emit('messagestr', 'Please, register with /register <password> <password>');
  bot.emit('messagestr', 'Please, register with /register <password> <password>');
  bot.emit('spawn');
  assert.deepEqual(bot.chats, ['/login hunter2', '/register hunter2 hunter2']);
  assert.ok(lines.length > 0 && lines.every((l) => !l.includes('hunter2')), lines.join('\n'));
});

test('her chat goes out at about a line a second after a burst of three, in order, none dropped', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const sent = [];
  const q = new ChatQueue((line) => sent.push(line));
  const all = Promise.all(['a', 'b', 'c', 'd', 'e'].map((l) => q.say(l)));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(sent, ['a', 'b', 'c']);
  t.mock.timers.tick(1000);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(sent, ['a', 'b', 'c', 'd']);
  t.mock.timers.tick(1000);
  await all;
  assert.deepEqual(sent, ['a', 'b', 'c', 'd', 'e']);
});
