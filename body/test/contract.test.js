import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { actionTable } from '../src/actions/index.js';
import { checkTable } from '../src/contract.js';
import { helloPacket } from '../src/protocol.js';

const contract = JSON.parse(readFileSync(new URL('../../testdata/minecraft_contract.json', import.meta.url), 'utf8'));

test('the body keeps the contract: every action, nothing more, the same parameters and concurrent ones', () => {
  assert.deepEqual(checkTable(contract, actionTable()), []);
});

test('the check fails for an action missing from the body', () => {
  const table = actionTable();
  delete table.mine_block;
  assert.deepEqual(checkTable(contract, table), ['the contract\'s action mine_block is missing from the body']);
});

test('the check fails for an action the contract does not have', () => {
  const table = { ...actionTable(), select_slot: { budget: 5, params: () => ({}), run: async () => ({}) } };
  assert.deepEqual(checkTable(contract, table), ['the body offers select_slot, which the contract does not have']);
});

test('the check fails for a parameter read but not in the contract, and for one required that the contract fills', () => {
  const table = actionTable();
  table.move_away = { ...table.move_away, params: (p) => ({ d: p.reqFloat('distance', 1, 100), speed: p.optFloat('speed', 1, 0, 2) }) };
  table.craft_item = { ...table.craft_item, params: (p) => ({ item: p.reqString('item'), count: p.reqInt('count', 1, 64) }) };
  assert.deepEqual(checkTable(contract, table), [
    'move_away reads speed, which the contract does not name',
    'craft_item requires count, which the contract says it fills in itself',
  ]);
});

test('the check fails for a budget other than the contract\'s', () => {
  const table = actionTable();
  table.eat_food = { ...table.eat_food, budget: 30 };
  assert.deepEqual(checkTable(contract, table), ['eat_food has a budget of 30 s; the contract says 20 s']);
});

test('the check fails when the concurrent actions differ', () => {
  const table = actionTable();
  table.scan = { ...table.scan, concurrent: false };
  assert.equal(checkTable(contract, table).length, 1);
});

test('the hello offers every action with a budget, and the concurrent ones', () => {
  const h = helloPacket({ modVersion: 'x', mcVersion: '1.21.4', player: { name: 'Bea', uuid: '' }, world: { server: 's', dimension: 'overworld' }, actions: actionTable() });
  assert.equal(h.type, 'hello');
  assert.equal(h.protocol, 2);
  assert.deepEqual([...h.actions].sort(), Object.keys(contract.actions).sort());
  assert.deepEqual([...h.concurrent].sort(), [...contract.concurrent].sort());
  for (const a of h.actions) assert.equal(typeof h.budgets[a], 'number', a);
  assert.equal(h.budgets.follow_player, 0);
});
