import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { reasonText, refusedForGood } from '../src/server.js';

const language = createRequire(import.meta.url)('minecraft-data')('1.21.4').language;

test('kick and ban reasons read as text, whatever shape the server sends them in', () => {
  // 1.20.3 and newer: NBT, as minecraft-protocol hands it over.
  const nbt = { type: 'compound', value: { translate: { type: 'string', value: 'multiplayer.disconnect.banned.reason' },
    with: { type: 'list', value: { type: 'string', value: ['griefing'] } } } };
  assert.equal(reasonText(nbt, language), 'You are banned from this server.\nReason: griefing');
  assert.equal(reasonText({ type: 'string', value: 'Kicked for spamming' }, language), 'Kicked for spamming');
  // Older servers: JSON text.
  assert.equal(reasonText('{"translate":"multiplayer.disconnect.not_whitelisted"}', language), 'You are not white-listed on this server!');
  assert.equal(reasonText('{"text":"","extra":[{"text":"§cYou were kicked: ","bold":true},{"text":"AFK"}]}', language), 'You were kicked: AFK');
  assert.equal(reasonText('plain words', language), 'plain words');
  assert.equal(reasonText(undefined, language), '');
});

test('a ban or the whitelist is a refusal for good; a kick is not', () => {
  assert.ok(refusedForGood('You are banned from this server.'));
  assert.ok(refusedForGood('You are not white-listed on this server!'));
  assert.ok(refusedForGood('You are not whitelisted on this server'));
  assert.ok(!refusedForGood('Kicked by an operator'));
  assert.ok(!refusedForGood('You have been idle for too long!'));
});
