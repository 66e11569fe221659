// What she perceives, as the state packet (every 0.5 s) and the survey
// (every 2 s) carry it. Both read only mineflayer's own view of the world.

import { Vec3, blockCentre, distance, feet, isAir, notchPitch, notchYaw, passable, playerNameOf, round1, round2 } from './game.js';
import { isHostile } from './actions/combat.js';

const CLOSE_VIEW = 4;
const SURVEY_RADIUS = 20;
const ENTITY_RANGE = 32;
const PER_KIND = 12; // close blocks kept of each kind, so a wall of stone cannot hide the ore behind it

/** usefulKind reports whether the survey reports a kind of block, as the practice world's does. */
export function usefulKind(name) {
  switch (name) {
    case 'stone': case 'cobblestone': case 'deepslate': case 'sand': case 'gravel': case 'clay': case 'water': case 'lava':
    case 'crafting_table': case 'furnace': case 'chest': case 'barrel': case 'wheat':
      return true;
  }
  return /_(log|leaves|ore|bed)$/.test(name);
}

function dimensionName(bot) {
  return String(bot.game?.dimension ?? 'overworld').replace(/^minecraft:/, '').replace(/^the_/, '');
}

/** craftable lists what her inventory alone crafts (no table), as far as the registry's recipes tell. */
function craftable(bot, cache) {
  const key = bot.inventory.items().map((it) => `${it.type}:${it.count}`).join(',');
  if (cache.key === key) return cache.list;
  const out = [];
  const seen = new Set();
  for (const it of bot.inventory.items()) seen.add(it.type);
  // Only recipes whose ingredients she carries at all are worth asking mineflayer about.
  for (const [id, recipes] of Object.entries(bot.registry.recipes ?? {})) {
    if (out.length >= 40) break;
    // Any variant will do: on 1.21 the first recipe for sticks is bamboo's.
    if (!recipes.some((r) => carriesAll(r, seen))) continue;
    if (bot.recipesFor(Number(id), null, 1, null).length > 0) out.push(bot.registry.items[id]?.name);
  }
  cache.key = key;
  cache.list = out.filter(Boolean).sort();
  return cache.list;
}

/** carriesAll reports whether she carries every kind of ingredient of one recipe variant. */
function carriesAll(recipe, seen) {
  const needs = recipe?.ingredients ?? recipe?.inShape?.flat() ?? [];
  const ids = needs.map((n) => (typeof n === 'object' && n !== null ? n.id : n)).filter((n) => n !== null && n !== undefined && n !== -1);
  return ids.length > 0 && ids.every((n) => seen.has(n));
}

/**
 * statePacket is her whole situation.
 * @param {any} bot
 * @param {{server: string, tick: number, craftCache: object}} o
 */
export function statePacket(bot, o) {
  const pos = bot.entity.position;
  const f = feet(bot);
  const blocks = [];
  const census = {};
  // Through the cell reader: 729 Blocks built twice a second took 12 to 20 ms of the event loop.
  const read = cellReader(bot);
  const eye = pos.offset(0, 1.62, 0);
  for (let dx = -CLOSE_VIEW; dx <= CLOSE_VIEW; dx++) {
    for (let dz = -CLOSE_VIEW; dz <= CLOSE_VIEW; dz++) {
      const column = read.column(f.x + dx, f.z + dz);
      if (!column) continue;
      for (let dy = -CLOSE_VIEW; dy <= CLOSE_VIEW; dy++) {
        const c = column(f.y + dy);
        if (!c || c.air) continue;
        const p = f.offset(dx, dy, dz);
        census[c.name] = (census[c.name] ?? 0) + 1;
        blocks.push({ block: c.name, x: p.x, y: p.y, z: p.z, distance: round1(distance(blockCentre(p), eye)) });
      }
    }
  }
  blocks.sort((a, b) => a.distance - b.distance);
  const perKind = {};
  const close = blocks.filter((b) => (perKind[b.block] = (perKind[b.block] ?? 0) + 1) <= PER_KIND);
  const slots = bot.inventory.slots;
  const armorName = (i) => slots[i]?.name ?? null;
  const inventory = [];
  for (let i = bot.inventory.inventoryStart; i < bot.inventory.inventoryEnd; i++) {
    const it = slots[i];
    if (it) inventory.push({ slot: toProtocolSlot(i, bot.inventory.inventoryStart), item: it.name, count: it.count });
  }
  const offhand = slots[45];
  if (offhand) inventory.push({ slot: 40, item: offhand.name, count: offhand.count });
  const entities = [];
  const players = [];
  for (const e of Object.values(bot.entities)) {
    if (e === bot.entity) continue;
    const d = distance(e.position, pos);
    if (d > ENTITY_RANGE) continue;
    const name = playerNameOf(bot, e);
    if (name) {
      players.push({ name, uuid: e.uuid ?? bot.players[name]?.uuid ?? '', x: round2(e.position.x), y: round2(e.position.y), z: round2(e.position.z), distance: round1(d) });
      continue;
    }
    entities.push({ id: e.id, type: e.name ?? e.type ?? 'unknown', x: round2(e.position.x), y: round2(e.position.y), z: round2(e.position.z), distance: round1(d), hostile: isHostile(e) });
  }
  entities.sort((a, b) => a.distance - b.distance);
  players.sort((a, b) => a.distance - b.distance);
  const under = bot.blockAt(f.offset(0, -1, 0), false);
  const over = bot.blockAt(f.offset(0, 2, 0), false);
  const here = bot.blockAt(f, false);
  const time = bot.time?.timeOfDay ?? 0;
  const dim = dimensionName(bot);
  const held = bot.heldItem;
  return {
    type: 'state',
    tick: o.tick,
    player: {
      health: round1(bot.health ?? 0), food: bot.food ?? 0, saturation: round1(Number.isFinite(bot.foodSaturation) ? bot.foodSaturation : 0), xp_level: bot.experience?.level ?? 0,
      position: { x: round2(pos.x), y: round2(pos.y), z: round2(pos.z) },
      yaw: notchYaw(bot.entity.yaw), pitch: notchPitch(bot.entity.pitch),
      dimension: dim, on_ground: !!bot.entity.onGround, in_water: !!bot.entity.isInWater,
    },
    held: held ? { item: held.name, count: held.count } : null,
    armor: { head: armorName(5), chest: armorName(6), legs: armorName(7), feet: armorName(8) },
    inventory,
    craftable: craftable(bot, o.craftCache),
    blocks: close,
    census,
    underfoot: under?.name ?? '',
    overhead: over?.name ?? '',
    entities: entities.slice(0, 32),
    players,
    world: {
      time, dark: time >= 13000 && time <= 23000, weather: bot.thunderState > 0 ? 'thunder' : bot.isRaining ? 'rain' : 'clear',
      light: here?.skyLight !== undefined ? Math.max(here.light ?? 0, time < 13000 || time > 23000 ? here.skyLight : 0) : 0,
      biome: here?.biome?.name ?? '', dimension: dim, server: o.server,
    },
  };
}

/** toProtocolSlot turns a window slot into the player's slot numbers: 0–8 the hotbar, 9–35 the rest. */
function toProtocolSlot(i, start) {
  const k = i - start; // 0–26 main, 27–35 hotbar
  return k >= 27 ? k - 27 : k + 9;
}

/**
 * cellReader reads cells for the survey without building a Block for each:
 * a chunk column is looked up once per (x, z) and a cell is its state id,
 * read through a table of what each state is (name, open, worth
 * reporting). Building 69,000 Blocks every 2 s took 114 ms of the event
 * loop on flying-squid. Without mineflayer's world (the fake bot of the
 * tests) it reads blockAt.
 * @returns {{column: (x: number, z: number) => ((y: number) => ({name: string, air: boolean, open: boolean, useful: boolean}|null))|null}}
 */
export function cellReader(bot) {
  const byState = bot.registry?.blocksByStateId;
  const info = (name, box) => ({
    name, air: isAir({ name }), open: (isAir({ name }) || box === 'empty') && name !== 'lava', useful: !isAir({ name }) && usefulKind(name),
  });
  if (!bot.world?.getColumnAt || !byState) {
    return {
      column: (x, z) => (y) => {
        const b = bot.blockAt(new Vec3(x, y, z), false);
        return b ? info(b.name, b.boundingBox) : null;
      },
    };
  }
  const states = new Map();
  const at = new Vec3(0, 0, 0);
  return {
    column: (x, z) => {
      at.set(x, 0, z);
      const col = bot.world.getColumnAt(at);
      if (!col) return null;
      const inChunk = new Vec3(x & 15, 0, z & 15);
      return (y) => {
        inChunk.y = y;
        const id = col.getBlockStateId(inChunk);
        let c = states.get(id);
        if (!c) {
          const b = byState[id];
          c = b ? info(b.name, b.boundingBox) : null;
          states.set(id, c);
        }
        return c;
      };
    },
  };
}

/**
 * surveyPacket counts each useful kind of block in the 41-block cube round
 * her, with the nearest and the nearest she can reach without digging: a
 * block beside air that a flood through open cells from her feet reaches.
 */
export function surveyPacket(bot) {
  const f = feet(bot);
  const eye = bot.entity.position.offset(0, 1.62, 0);
  const R = SURVEY_RADIUS;
  const side = 2 * R + 1;
  const idx = (x, y, z) => ((x + R) * side + (y + R)) * side + (z + R);
  const open = new Uint8Array(side * side * side); // 1 open, 2 solid, 0 unknown
  const names = new Array(side * side * side);
  const read = cellReader(bot);
  for (let dx = -R; dx <= R; dx++) for (let dz = -R; dz <= R; dz++) {
    const column = read.column(f.x + dx, f.z + dz);
    if (!column) continue;
    for (let dy = -R; dy <= R; dy++) {
      const c = column(f.y + dy);
      if (!c) continue;
      const i = idx(dx, dy, dz);
      open[i] = c.open ? 1 : 2;
      if (c.useful) names[i] = c.name;
    }
  }
  // Flood through open cells from her feet. Cells are indices: x steps by
  // side², y by side, z by 1; a queue of indices allocates nothing per cell.
  const reached = new Uint8Array(open.length);
  const X = side * side, Y = side;
  const queue = new Int32Array(open.length);
  let head = 0, tail = 0;
  const start = idx(0, 0, 0);
  if (open[start] === 1) { reached[start] = 1; queue[tail++] = start; }
  const steps = [X, -X, Y, -Y, 1, -1];
  // within: the neighbour of cell i by step k is inside the cube.
  const within = (i, k) => {
    const x = Math.floor(i / X), y = Math.floor(i / Y) % side, z = i % side;
    switch (k) {
      case 0: return x < side - 1;
      case 1: return x > 0;
      case 2: return y < side - 1;
      case 3: return y > 0;
      case 4: return z < side - 1;
      default: return z > 0;
    }
  };
  while (head < tail) {
    const i = queue[head++];
    for (let k = 0; k < 6; k++) {
      if (!within(i, k)) continue;
      const j = i + steps[k];
      if (reached[j] || open[j] !== 1) continue;
      reached[j] = 1;
      queue[tail++] = j;
    }
  }
  const kinds = new Map();
  const ex = eye.x - f.x - 0.5, ey = eye.y - f.y - 0.5, ez = eye.z - f.z - 0.5;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (!name) continue;
    const dx = Math.floor(i / X) - R, dy = Math.floor(i / Y) % side - R, dz = i % side - R;
    const d = round1(Math.hypot(dx - ex, dy - ey, dz - ez));
    let k = kinds.get(name);
    if (!k) kinds.set(name, (k = { kind: name, count: 0, nearest: null, reachable: null }));
    k.count++;
    if (!k.nearest || d < k.nearest.distance) k.nearest = { x: f.x + dx, y: f.y + dy, z: f.z + dz, distance: d };
    if (k.reachable && d >= k.reachable.distance) continue;
    let touches = false;
    for (let s = 0; s < 6 && !touches; s++) touches = within(i, s) && reached[i + steps[s]] === 1;
    if (touches) k.reachable = { x: f.x + dx, y: f.y + dy, z: f.z + dz, distance: d };
  }
  const list = [...kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind));
  return { type: 'survey', radius: R, kinds: list };
}
