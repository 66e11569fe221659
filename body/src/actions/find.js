// Finding blocks near her without stalling her event loop. mineflayer's
// findBlocks builds a Block for every cell of every chunk section that may
// hold the kind; counting dirt within 64 blocks on flying-squid's hills held
// the event loop for 80 to 250 ms, during which she neither walked nor
// answered. findNear reads state ids, nearest sections first, and yields
// to the event loop every few milliseconds.

import { Vec3 } from '../game.js';

const SLICE_MS = 8; // the longest stretch of work between two yields

/** nextTurn resolves once the event loop has run what waited for it. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * findNear lists the blocks of kinds (registry blocks) within radius of
 * her feet, nearest first, at most `most` of them: once that many are found
 * it stops after the section at hand. It throws when the signal fires
 * between two slices. Without mineflayer's world (the fake bot of the
 * tests) it asks bot.findBlocks.
 * @returns {Promise<{p: Vec3, name: string}[]>}
 */
export async function findNear(bot, kinds, radius, most, signal) {
  const world = bot.world;
  if (!world?.getColumn || !bot.registry?.blocksByStateId) {
    return bot.findBlocks({ matching: kinds.map((k) => k.id), maxDistance: radius, count: most })
      .map((p) => ({ p, name: bot.blockAt(p)?.name ?? kinds[0].name }));
  }
  const ids = new Map(); // state id → block name
  for (const k of kinds) for (let s = k.minStateId ?? k.defaultState; s <= (k.maxStateId ?? k.defaultState); s++) ids.set(s, k.name);
  const at = bot.entity.position.floored();
  const minY = bot.game?.minY ?? 0;
  const maxY = minY + (bot.game?.height ?? 256) - 1;
  const hits = [];
  let since = performance.now();
  for (const s of sectionsNear(at, radius, minY, maxY)) {
    if (hits.length >= most) break;
    const col = world.getColumn(s.cx, s.cz);
    if (!col) continue;
    const section = Array.isArray(col.sections) ? col.sections[(s.y0 - minY) >> 4] : undefined;
    if (section === null || (Array.isArray(col.sections) && section === undefined)) continue; // an empty section
    if (section?.palette && !section.palette.some((id) => ids.has(id))) continue;
    readSection(col, s, at, radius, ids, hits);
    if (performance.now() - since > SLICE_MS) {
      await nextTurn();
      if (signal?.aborted) throw signal.reason;
      since = performance.now();
    }
  }
  const d2 = ({ p }) => (p.x - at.x) ** 2 + (p.y - at.y) ** 2 + (p.z - at.z) ** 2;
  return hits.sort((l, r) => d2(l) - d2(r)).slice(0, most);
}

/** readSection adds the cells of one section whose state is in ids and that lie within radius of at. */
function readSection(col, s, at, radius, ids, hits) {
  const local = new Vec3(0, 0, 0);
  const r2 = radius * radius;
  for (let y = s.y0; y < s.y0 + 16; y++) {
    local.y = y;
    const dy2 = (y - at.y) ** 2;
    if (dy2 > r2) continue;
    for (let x = 0; x < 16; x++) {
      local.x = x;
      const dx2 = (s.cx * 16 + x - at.x) ** 2;
      if (dx2 + dy2 > r2) continue;
      for (let z = 0; z < 16; z++) {
        local.z = z;
        if (dx2 + dy2 + (s.cz * 16 + z - at.z) ** 2 > r2) continue;
        const name = ids.get(col.getBlockStateId(local));
        if (name) hits.push({ p: new Vec3(s.cx * 16 + x, y, s.cz * 16 + z), name });
      }
    }
  }
}

/** sectionsNear lists the chunk sections that reach within radius of at, the nearest first. */
function sectionsNear(at, radius, minY, maxY) {
  const out = [];
  const gap = (v, lo) => Math.max(lo - v, 0, v - (lo + 15));
  const y0 = Math.max(minY, Math.floor((at.y - radius - minY) / 16) * 16 + minY);
  for (let cx = Math.floor((at.x - radius) / 16); cx <= Math.floor((at.x + radius) / 16); cx++) {
    for (let cz = Math.floor((at.z - radius) / 16); cz <= Math.floor((at.z + radius) / 16); cz++) {
      for (let y = y0; y <= Math.min(maxY, at.y + radius); y += 16) {
        const near = Math.hypot(gap(at.x, cx * 16), gap(at.y, y), gap(at.z, cz * 16));
        if (near <= radius) out.push({ cx, cz, y0: y, near });
      }
    }
  }
  return out.sort((a, b) => a.near - b.near);
}
