import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeBot } from './fakebot.js';
import { TERRAIN_SIDE, heightChars, terrainPacket, terrainSender } from '../src/terrain.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** topAt reads the square's column at (x, z) back through its palette. */
function topAt(p, x, z) {
  const c = p.tops[(z - p.z) * p.size + (x - p.x)];
  return c === '.' ? null : p.palette[ALPHABET.indexOf(c)];
}

/** heightAt reads the square's column height at (x, z), or null. */
function heightAt(p, x, z) {
  const i = 2 * ((z - p.z) * p.size + (x - p.x));
  const hi = ALPHABET.indexOf(p.heights[i]);
  const lo = ALPHABET.indexOf(p.heights[i + 1]);
  return hi < 0 || lo < 0 ? null : hi * 64 + lo - 2048;
}

function ground(bot) {
  for (let x = -20; x < 20; x++) for (let z = -20; z < 20; z++) bot.set(x, 63, z, 'grass_block');
  bot.set(2, 63, 0, 'water');
  bot.set(3, 64, 0, 'oak_leaves');
  for (let y = 63; y < 120; y++) bot.set(-3, y, 0, 'stone'); // a pillar taller than the scan starts
}

test('the terrain square holds the top block of each column around her, on chunk lines', () => {
  const bot = new FakeBot();
  ground(bot);
  const p = terrainPacket(bot, 'overworld');
  assert.equal(p.type, 'terrain');
  assert.equal(p.size, TERRAIN_SIDE);
  assert.equal(p.tops.length, TERRAIN_SIDE * TERRAIN_SIDE);
  assert.deepEqual([p.x, p.z], [-16, -16]);
  assert.equal(topAt(p, 0, 0), 'grass_block');
  assert.equal(topAt(p, 2, 0), 'water');
  assert.equal(topAt(p, 3, 0), 'oak_leaves');
  assert.equal(topAt(p, -3, 0), 'stone');
  assert.equal(topAt(p, 25, 25), null, 'a column of nothing but air is unknown');
  assert.equal(p.heights.length, 2 * p.tops.length);
  assert.equal(heightAt(p, 0, 0), 63);
  assert.equal(heightAt(p, 3, 0), 64);
  assert.equal(heightAt(p, -3, 0), 119);
  assert.equal(heightAt(p, 25, 25), null, 'an unknown column has a height');
});

test('a height is two characters, as beaweb reads them', () => {
  // protocol.HeightChars in Go: y + 2048 as 64 × first + second.
  assert.equal(heightChars(64), 'hA');
  assert.equal(heightChars(-64), 'fA');
  assert.equal(heightChars(-5000), 'AA');
});

test('the sender sends only a changed square, and again for a newcomer', () => {
  const bot = new FakeBot();
  ground(bot);
  const sent = [];
  const link = { clients: new Set([{ id: 'a' }]), broadcast: (p) => sent.push(p) };
  const tick = terrainSender(bot, link, () => 'overworld');
  tick();
  tick();
  assert.equal(sent.length, 1, 'an unchanged square went out twice');
  bot.set(1, 64, 1, 'snow');
  tick();
  assert.equal(sent.length, 2);
  assert.equal(topAt(sent[1], 1, 1), 'snow');
  assert.equal(heightAt(sent[1], 1, 1), 64);
  link.clients.add({ id: 'b' });
  tick();
  assert.equal(sent.length, 3, 'a new connection got no ground');
});
