// A fake of the few mineflayer calls the actions use: a world of named
// blocks in a Map, an inventory of stacks, a pathfinder that teleports to
// its goal, dig and place that change the world and emit the block update
// the real server would. Tests set `protect`, `noPath` and friends to make
// the server say no.

import { EventEmitter } from 'node:events';
import { Vec3 } from 'vec3';

const REGISTRY_BLOCKS = ['stone', 'dirt', 'grass_block', 'oak_log', 'cobblestone', 'crafting_table', 'furnace', 'chest', 'bedrock', 'water', 'iron_ore', 'oak_door', 'oak_planks', 'oak_stairs', 'birch_log', 'lava'];
const FACING = { name: 'facing', type: 'enum', values: ['north', 'south', 'west', 'east'] };
const LIT = { name: 'lit', type: 'bool' };
/** STATES are the block states of the registry, as minecraft-data lists them. */
const STATES = {
  oak_log: [{ name: 'axis', type: 'enum', values: ['x', 'y', 'z'] }],
  furnace: [FACING, LIT],
  chest: [FACING, { name: 'type', type: 'enum', values: ['single', 'left', 'right'] }, { name: 'waterlogged', type: 'bool' }],
  oak_stairs: [FACING, { name: 'half', type: 'enum', values: ['top', 'bottom'] }, { name: 'shape', type: 'enum', values: ['straight', 'inner_left', 'inner_right', 'outer_left', 'outer_right'] }, { name: 'waterlogged', type: 'bool' }],
};
const REGISTRY_ITEMS = [...REGISTRY_BLOCKS, 'stick', 'wooden_pickaxe', 'stone_pickaxe', 'iron_sword', 'bread', 'cooked_beef', 'coal', 'raw_iron', 'iron_ingot', 'diamond', 'bamboo'];

export function fakeRegistry() {
  const blocksByName = {};
  REGISTRY_BLOCKS.forEach((name, id) => { blocksByName[name] = { id, name, states: STATES[name] ?? [], drops: [REGISTRY_ITEMS.indexOf(name === 'stone' ? 'cobblestone' : name === 'iron_ore' ? 'raw_iron' : name)] }; });
  const itemsByName = {};
  const items = {};
  REGISTRY_ITEMS.forEach((name, id) => { itemsByName[name] = { id, name }; items[id] = { id, name }; });
  return {
    blocksByName, itemsByName, items,
    foodsByName: { bread: { foodPoints: 5 }, cooked_beef: { foodPoints: 8 } },
    recipes: {},
  };
}

export class FakeBot extends EventEmitter {
  constructor() {
    super();
    this.setMaxListeners(100);
    this.registry = fakeRegistry();
    this.username = 'Bea';
    this.version = '1.21.4';
    this.health = 20;
    this.food = 20;
    this.foodSaturation = 5;
    this.experience = { level: 0 };
    this.game = { dimension: 'overworld', minY: -64, height: 384 };
    this.time = { timeOfDay: 1000 };
    this.entity = { id: 1, position: new Vec3(0.5, 64, 0.5), yaw: 0, pitch: 0, onGround: true, height: 1.62 };
    this.entities = { 1: this.entity };
    this.players = {};
    this.blocks = new Map(); // "x,y,z" → name
    this.states = new Map(); // "x,y,z" → the properties the server gave a placed block
    this.protect = new Set(); // positions the server puts back
    this.noPath = false;
    this.chats = [];
    this.tossed = [];
    this.looks = [];
    this.placed = [];
    this.attacks = 0;
    this.slots = new Array(46).fill(null);
    this.heldSlot = 36;
    this.calls = [];
    const bot = this;
    this.inventory = {
      inventoryStart: 9, inventoryEnd: 45, slots: this.slots,
      items: () => this.slots.slice(9, 45).filter(Boolean),
      emptySlotCount: () => this.slots.slice(9, 45).filter((s) => !s).length,
    };
    // raycast walks the ray in small steps and answers the first solid
    // block, as prismarine-world's does for full cubes (the pathfinder's
    // GoalLookAtBlock asks it whether she sees the block).
    this.world = {
      raycast: (from, dir, range) => {
        for (let t = 0; t <= range; t += 0.05) {
          const b = this.blockAt(from.plus(dir.scaled(t)));
          if (b.boundingBox === 'block') return b;
        }
        return null;
      },
    };
    this.pathfinder = {
      movements: { canDig: false },
      goal: null,
      goto: async (goal) => {
        bot.calls.push(['goto', goal.constructor.name]);
        if (bot.noPath) { const e = new Error('No path to the goal!'); e.name = 'NoPath'; throw e; }
        // A walk that never arrives ends as mineflayer-pathfinder's goto
        // does when the goal is set again: rejected with GoalChanged.
        if (bot.walkForever) return new Promise((_, reject) => { bot.pathfinder.walking = { goal, reject }; });
        if (bot.stuck) return; // the pathfinder's empty path: resolved where she stands
        const t = goalTarget(goal, bot);
        if (t) bot.entity.position = t;
      },
      stop: () => { bot.calls.push(['stop']); },
      setGoal: (g) => {
        bot.pathfinder.goal = g;
        if (g === null) bot.calls.push(['stop']);
        const w = bot.pathfinder.walking;
        if (w && w.goal !== g) {
          bot.pathfinder.walking = null;
          const e = new Error('The goal was changed before it could be completed!');
          e.name = 'GoalChanged';
          setTimeout(() => w.reject(e), 0);
        }
      },
    };
    this.tool = { equipForBlock: async () => {} };
  }

  get heldItem() { return this.slots[this.heldSlot]; }

  set(x, y, z, name, props) {
    this.blocks.set(`${x},${y},${z}`, name);
    if (props) this.states.set(`${x},${y},${z}`, props); else this.states.delete(`${x},${y},${z}`);
  }

  give(name, count) {
    const it = this.registry.itemsByName[name];
    const i = this.slots.findIndex((s, k) => k >= 36 && k < 45 && !s) >= 0 ? this.slots.findIndex((s, k) => k >= 36 && k < 45 && !s) : this.slots.findIndex((s, k) => k >= 9 && k < 45 && !s);
    this.slots[i] = { name, type: it.id, count, slot: i };
  }

  count(name) { return this.inventory.items().filter((s) => s.name === name).reduce((n, s) => n + s.count, 0); }

  take(name, n) {
    for (let i = 9; i < 45 && n > 0; i++) {
      const s = this.slots[i];
      if (!s || s.name !== name) continue;
      const k = Math.min(n, s.count);
      s.count -= k;
      n -= k;
      if (s.count === 0) this.slots[i] = null;
    }
  }

  blockAt(p) {
    const v = new Vec3(Math.floor(p.x), Math.floor(p.y), Math.floor(p.z));
    const name = this.blocks.get(`${v.x},${v.y},${v.z}`) ?? 'air';
    const info = this.registry.blocksByName[name];
    return {
      name, type: info?.id ?? -1, position: v, boundingBox: ['air', 'water', 'lava', 'fire'].includes(name) ? 'empty' : 'block',
      hardness: name === 'bedrock' ? null : 1, diggable: name !== 'bedrock', harvestTools: name === 'iron_ore' ? { 999: true } : undefined,
      light: 15, skyLight: 15, biome: { name: 'plains' }, getProperties: () => ({ ...(this.states.get(`${v.x},${v.y},${v.z}`) ?? {}) }),
    };
  }

  findBlocks({ matching, maxDistance, count }) {
    const ids = Array.isArray(matching) ? matching : [matching];
    const out = [];
    for (const [k, name] of this.blocks) {
      const id = this.registry.blocksByName[name]?.id;
      if (!ids.includes(id)) continue;
      const [x, y, z] = k.split(',').map(Number);
      const v = new Vec3(x, y, z);
      if (v.distanceTo(this.entity.position) <= maxDistance) out.push(v);
    }
    return out.slice(0, count);
  }

  findBlock(o) {
    const p = this.findBlocks({ ...o, count: 1 })[0];
    return p ? this.blockAt(p) : null;
  }

  async dig(block) {
    this.calls.push(['dig', block.position.toString()]);
    const k = `${block.position.x},${block.position.y},${block.position.z}`;
    const name = this.blocks.get(k);
    this.blocks.delete(k);
    if (this.protect.has(k)) {
      setTimeout(() => this.blocks.set(k, name), 50);
      return;
    }
    const drop = name === 'stone' ? 'cobblestone' : name;
    if (this.dropsToInventory !== false) this.give(drop, 1);
  }

  stopDigging() { this.calls.push(['stopDigging']); }

  async equip(item, dest) {
    if (!item) throw new Error('no item');
    this.calls.push(['equip', item.name, dest]);
    if (dest === 'hand') {
      const i = this.slots.indexOf(item);
      if (i >= 0 && i !== this.heldSlot) { [this.slots[i], this.slots[this.heldSlot]] = [this.slots[this.heldSlot], this.slots[i]]; }
    }
    if (dest === 'head' && !item.name.endsWith('helmet')) throw new Error('that does not go on a head');
  }

  async placeBlock(ref, face) { return this._placeBlockWithOptions(ref, face, {}); }

  /**
   * _placeBlockWithOptions places as a vanilla server turns a placement into
   * a state: the axis of the clicked face; the half from the clicked face or
   * the half of a side she clicked; stairs facing the way she stands from the
   * block, furnaces and chests the other way.
   */
  async _placeBlockWithOptions(ref, face, options) {
    const dest = ref.position.plus(face);
    const held = this.heldItem;
    if (this.refusePlace) throw new Error('No block has been placed : the block is still air');
    this.placed.push({ dest: dest.toString(), face: face.toString(), half: options.half, at: this.entity.position.toString() });
    const props = {};
    const states = this.registry.blocksByName[held.name]?.states ?? [];
    const has = (k) => states.some((st) => st.name === k);
    if (has('axis')) props.axis = face.x ? 'x' : face.y ? 'y' : 'z';
    if (has('half')) props.half = face.y === -1 ? 'top' : face.y === 1 ? 'bottom' : options.half ?? 'bottom';
    if (has('facing')) {
      const dx = dest.x + 0.5 - this.entity.position.x, dz = dest.z + 0.5 - this.entity.position.z;
      const looking = Math.abs(dx) > Math.abs(dz) ? (dx > 0 ? 'east' : 'west') : (dz > 0 ? 'south' : 'north');
      const away = { north: 'south', south: 'north', east: 'west', west: 'east' };
      props.facing = held.name === 'furnace' || held.name === 'chest' ? away[looking] : looking;
    }
    this.set(dest.x, dest.y, dest.z, held.name, states.length ? props : undefined);
    this.take(held.name, 1);
    this.emit(`blockUpdate:${dest}`, null, this.blockAt(dest));
  }

  /**
   * toss drops count of the item: the server shows the thrown stack as an
   * item entity (itemDrop), unless tossUnseen says it shows nothing, as
   * flying-squid does; the player in catcher, if any, then picks it up
   * (playerCollect), as the server's collect packet says.
   */
  async toss(type, meta, count) {
    const it = this.inventory.items().find((s) => s.type === type);
    this.tossed.push([it.name, count]);
    this.take(it.name, count);
    if (this.tossUnseen) return;
    const e = { id: 500 + this.tossed.length, type: 'object', name: 'item', position: this.entity.position.offset(1, 0, 0),
      getDroppedItem: () => ({ name: it.name, count }) };
    this.entities[e.id] = e;
    this.emit('itemDrop', e);
    if (this.catcher) {
      setImmediate(() => {
        delete this.entities[e.id];
        this.emit('playerCollect', this.catcher, e);
      });
    }
  }

  async consume() {
    const held = this.heldItem;
    if (!held || !this.registry.foodsByName[held.name]) throw new Error('not food');
    this.food = Math.min(20, this.food + this.registry.foodsByName[held.name].foodPoints);
    this.take(held.name, 1);
  }

  /**
   * book sets the recipes the fake crafts with: item → {per, needs: {item: n}, table}.
   * recipesFor and craft then follow mineflayer's signatures: recipesFor's
   * third argument is a number of items (minResultCount), craft's second a
   * number of crafts, and craft rejects when the ingredients run out part way,
   * as mineflayer does, keeping what the crafts before made.
   */
  book(recipes) {
    this.recipeBook = recipes;
    this.crafts = [];
  }

  recipeOf(id) {
    const name = this.registry.items[id]?.name;
    const r = this.recipeBook?.[name];
    return r ? { ...r, name, result: { id, count: r.per }, requiresTable: !!r.table } : null;
  }

  canCraft(r, times) {
    return Object.entries(r.needs).every(([k, n]) => this.count(k) >= n * times);
  }

  recipesAll(id, meta, table) {
    const r = this.recipeOf(id);
    return r && (!r.table || table) ? [r] : [];
  }

  recipesFor(id, meta, minResultCount, table) {
    return this.recipesAll(id, meta, table).filter((r) => this.canCraft(r, Math.ceil((minResultCount ?? 1) / r.per)));
  }

  async craft(recipe, count, table) {
    if (recipe.requiresTable && !table) throw new Error('Recipe requires craftingTable, but one was not supplied');
    this.crafts.push({ item: recipe.name, count: count ?? 1, table: table ?? null });
    for (let i = 0; i < (count ?? 1); i++) {
      if (!this.canCraft(recipe, 1)) throw new Error(`missing ingredient for ${recipe.name}`);
      for (const [k, n] of Object.entries(recipe.needs)) this.take(k, n);
      this.give(recipe.name, recipe.per);
    }
  }

  chat(msg) { this.chats.push(msg); }
  async lookAt(p) { this.looks.push(p); }
  async look() {}
  setControlState(control, state) { this.calls.push(['control', control, state]); }
  clearControlStates() { this.calls.push(['clear controls']); }
  attack(e) { this.attacks++; if (this.attacks >= (e.lives ?? 1)) delete this.entities[e.id]; }
  async activateBlock() {}

  addPlayer(name, pos) {
    const e = { id: 100 + Object.keys(this.players).length, type: 'player', username: name, position: pos, height: 1.62, uuid: `uuid-${name}` };
    this.entities[e.id] = e;
    this.players[name] = { username: name, uuid: e.uuid, entity: e };
    return e;
  }
}

function goalTarget(goal, bot) {
  if (goal.entity) return goal.entity.position.offset(1, 0, 0);
  if (goal.goal && goal.goal.x !== undefined) return new Vec3(goal.goal.x + goal.goal.rangeSq ** 0.5 + 1, goal.goal.y, goal.goal.z); // GoalInvert(GoalNear)
  if (goal.rangeSq) return new Vec3(goal.x + 0.5, goal.y, goal.z + 0.5 + Math.min(2, Math.sqrt(goal.rangeSq))); // GoalNear: in range, not on it
  if (goal.x !== undefined && goal.y !== undefined) return new Vec3(goal.x + 0.5, goal.y, goal.z + 0.5);
  if (goal.pos) return new Vec3(goal.pos.x + 0.5, goal.pos.y + 1, goal.pos.z + 1.5); // GoalLookAtBlock: beside it
  return null;
}
