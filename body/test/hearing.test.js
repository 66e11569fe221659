import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { hear, readLine } from '../src/hearing.js';

const players = { Alex: {}, Bea: {}, Steve_2: {} };
const known = (n) => Object.keys(players).some((k) => k.toLowerCase() === n.toLowerCase());

test('the chat formats of common servers read as who said what', () => {
  assert.deepEqual(readLine('[Admin] Alex: come here', known), { name: 'Alex', message: 'come here' });
  assert.deepEqual(readLine('Steve_2 » hi Bea', known), { name: 'Steve_2', message: 'hi Bea' });
  assert.deepEqual(readLine('[VIP] [Builder] Alex » wood please', known), { name: 'Alex', message: 'wood please' });
  assert.deepEqual(readLine('[Alex -> me] psst', known), { name: 'Alex', message: 'psst' });
  assert.equal(readLine('Server: restarting in 5 minutes', known), null, 'only a player on the server is a speaker');
  assert.equal(readLine('Alex joined the game', known), null);
});

test('whispers, plugin formats and the server\'s own lines are heard; vanilla chat is left to mineflayer', () => {
  const bot = new EventEmitter();
  bot.players = players;
  const said = [];
  const server = [];
  hear(bot, (n, m) => said.push([n, m]), (t) => server.push(t));
  bot.emit('whisper', 'Alex', 'secret');
  bot.emit('messagestr', '<Alex> vanilla', 'chat');
  bot.emit('messagestr', '[Admin] Alex: plugin', 'system');
  bot.emit('messagestr', 'Alex joined the game', 'system');
  bot.emit('messagestr', 'You are in a safe zone', 'game_info');
  assert.deepEqual(said, [['Alex', 'secret'], ['Alex', 'plugin']]);
  assert.deepEqual(server, ['Alex joined the game']);
});
