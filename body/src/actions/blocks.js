// Blocks: scan, mine_block, place_block, use_block and find_block. Each one
// walks into reach, acts, and confirms with the server: a block counts as
// mined once the server keeps it broken, and as placed once the server's
// block update shows it.

import { FAILURE, FAILURE_NO_DROPS, FAILURE_PROTECTED, abortable, fail, ok, sleep, throwIfAborted } from '../answer.js';
import {
  FACES, Vec3, blockByName, blockCentre, count, describeItems, distance, feet, findItem, goals, isAir, openWindow, passable, withinReach, walk, waitFor,
} from '../game.js';
import { findNear } from './find.js';
import { collectNear, sweepDrops } from './pickup.js';
import { checkProps, mismatch, parseBlock, placedAs, plan, standFor, stateText } from './states.js';

const REACH = 4.5;
const SCAN_NEAREST = 10;
const SCAN_MOST = 2000;

/**
 * kindsMatching lists the registry's blocks a name asks for, as the
 * practice world reads it: the exact id, the deepslate variant of an ore,
 * and for a generic name (log, planks, wool) every block ending in it.
 */
export function kindsMatching(bot, want) {
  const generic = !want.includes('_') || want === 'planks';
  return Object.values(bot.registry.blocksByName)
    .filter((b) => b.name === want || b.name === `deepslate_${want}` || (generic && b.name.endsWith(`_${want}`)));
}

export const scan = {
  budget: 10,
  concurrent: true,
  params: (p) => ({ block: p.itemName('block', true), radius: p.optInt('radius', 32, 1, 64) }),
  async run(bot, a, signal) {
    const kinds = kindsMatching(bot, a.block);
    if (kinds.length === 0) return fail(FAILURE, `${a.block} is not a block this server knows`);
    const eye = bot.entity.position;
    // Counting every stone within 64 blocks took 680 ms of the event loop:
    // the count stops at SCAN_MOST, and the answer says "or more".
    const found = await findNear(bot, kinds, a.radius, SCAN_MOST, signal);
    const hits = found
      .map(({ p, name }) => ({ block: name, x: p.x, y: p.y, z: p.z, distance: Math.round(distance(blockCentre(p), eye) * 10) / 10 }))
      .sort((l, r) => l.distance - r.distance);
    const counts = {};
    for (const h of hits) counts[h.block] = (counts[h.block] ?? 0) + 1;
    const more = hits.length >= SCAN_MOST;
    const data = { block: a.block, radius: a.radius, count: hits.length, counts, hits: hits.slice(0, SCAN_NEAREST), ...(more ? { more: true } : {}) };
    if (hits.length === 0) return ok(`there is no ${a.block} within ${a.radius} blocks of you`, data);
    const n = hits[0];
    return ok(`found ${hits.length}${more ? ' or more' : ''} ${a.block} within ${a.radius} blocks; the nearest is at ${n.x} ${n.y} ${n.z}, ${n.distance} blocks away`, data);
  },
};

/** reachBlock walks until the block at p is within reach and in sight. */
async function reachBlock(bot, p, signal) {
  // Within reach is not enough: the block under the one she stands on is
  // within reach and out of sight, and its drop would lie where she cannot
  // come.
  const inSight = !bot.canSeeBlock || bot.canSeeBlock(bot.blockAt(p));
  const arrived = () => withinReach(bot, p, REACH);
  if (inSight && arrived()) return '';
  return walk(bot, new goals.GoalLookAtBlock(p, bot.world, { reach: REACH }), signal, { arrived });
}

/**
 * dig breaks the block at p with her best tool and waits until the server
 * keeps it broken. It answers '' or a failure outcome.
 */
export async function digAt(bot, p, signal, ctx) {
  const block = bot.blockAt(p);
  if (!block) return fail(FAILURE, `the block at ${p} is not loaded; walk closer first`);
  if (isAir(block)) return fail(FAILURE, `there is nothing to mine at ${p}: it is air`);
  if (block.name === 'water' || block.name === 'lava') return fail(FAILURE, `${block.name} at ${p} is a liquid; it cannot be mined`);
  if (block.hardness === null || block.hardness < 0 || block.diggable === false) return fail(FAILURE, `${block.name} at ${p} cannot be broken`);
  const name = block.name;
  // The tool check comes before the walk: a walk of 40 s to stone she cannot
  // harvest is wasted.
  if (needsTool(block) && !bot.inventory.items().some((it) => block.harvestTools[it.type])) {
    return fail(FAILURE, `${name} needs a better tool to drop anything, and you carry none (${toolNames(bot, block)})`);
  }
  ctx?.doing(`walking to the ${name} at ${p}`);
  const why = await reachBlock(bot, p, signal);
  if (why) return fail(FAILURE, `you could not reach the ${name} at ${p}: ${why}`);
  if (bot.tool) await abortable(bot.tool.equipForBlock(block, {}), signal);
  if (needsTool(block) && !(bot.heldItem && block.harvestTools[bot.heldItem.type])) {
    return fail(FAILURE, `${name} needs a better tool to drop anything; you hold ${bot.heldItem?.name ?? 'nothing'}`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    ctx?.doing(`mining the ${name} at ${p}`);
    const onAbort = () => bot.stopDigging();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await abortable(bot.dig(bot.blockAt(p), true), signal);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    // The server may put a block back (spawn protection, a plugin): only a
    // block still broken a moment later counts.
    await sleep(300, signal);
    if (isAir(bot.blockAt(p)) || passable(bot.blockAt(p))) return '';
  }
  return fail(FAILURE_PROTECTED, `the server put ${name} at ${p} back three times; this ground is protected`);
}

function needsTool(block) {
  return !!block.harvestTools && Object.keys(block.harvestTools).length > 0;
}

/** toolNames lists the items that harvest a block, as "wooden_pickaxe or stone_pickaxe". */
function toolNames(bot, block) {
  const names = Object.keys(block.harvestTools).map((id) => bot.registry.items[id]?.name).filter(Boolean);
  return names.length ? `any of ${names.slice(0, 4).join(', ')}` : 'a pickaxe or the like';
}

/** exposed reports whether a block has an open side: she can reach it without digging through others. */
export function exposed(bot, p) {
  for (const off of Object.values(FACES)) {
    const b = bot.blockAt(p.offset(...off));
    if (b && passable(b) && b.name !== 'lava') return true;
  }
  return false;
}

export const mineBlock = {
  budget: 60,
  params: (p) => p.pos(),
  async run(bot, a, signal, ctx) {
    const p = new Vec3(a.x, a.y, a.z);
    const before = bot.blockAt(p);
    const name = before?.name ?? 'block';
    const had = Object.fromEntries(bot.inventory.items().map((it) => [it.name, count(bot, it.name)]));
    const failed = await digAt(bot, p, signal, ctx);
    if (failed) return failed;
    ctx.doing(`picking up what the ${name} dropped`);
    await collectNear(bot, p, signal, () => bot.inventory.items().some((it) => count(bot, it.name) > (had[it.name] ?? 0)));
    const got = {};
    for (const it of bot.inventory.items()) {
      const d = count(bot, it.name) - (had[it.name] ?? 0);
      if (d > 0) got[it.name] = d;
    }
    if (Object.keys(got).length === 0) return ok(`mined ${name} at ${p}; you picked up nothing (it may have dropped nothing, or its drop lies on the ground)`);
    return ok(`mined ${name} at ${p} and picked up ${describeItems(got)}`);
  },
};

/**
 * placeAt puts a block of kind on face of the anchor and waits for the
 * server's block update. With props (a facing, a half, an axis) she clicks
 * the face and stands where vanilla turns that into the state, and the state
 * the server sent back must hold them. It answers '' or a failure outcome.
 */
export async function placeAt(bot, kind, anchor, face, signal, ctx, props = {}) {
  const off = FACES[face];
  const dest = anchor.offset(...off);
  const asked = stateText(kind, props);
  const item = findItem(bot, kind);
  if (!item) return fail(FAILURE, `you carry no ${kind} to place at ${dest}`);
  if (!blockByName(bot, kind)) return fail(FAILURE, `${kind} is an item, not a block; it cannot be placed`);
  const bad = checkProps(bot, kind, props);
  if (bad) return fail(FAILURE, bad);
  const how = plan(kind, props, face);
  if (how.why) return fail(FAILURE, how.why);
  const a = bot.blockAt(anchor);
  if (!a) return fail(FAILURE, `the anchor ${anchor} is not loaded; walk closer first`);
  if (passable(a)) return fail(FAILURE, `the anchor ${anchor} is ${a.name}; a block is placed against a solid block, so pick an anchor next to ${dest} that is solid`);
  const there = bot.blockAt(dest);
  if (there && !passable(there) && there.name !== 'water' && there.name !== 'lava') return fail(FAILURE, `${dest} already holds ${there.name}; mine it first or pick another face`);
  const f = feet(bot);
  if (dest.equals(f) || dest.equals(f.offset(0, 1, 0))) {
    return fail(FAILURE, `placement_overlaps_agent: ${dest} is where you stand (your feet are in ${f}); step aside or pick another face`);
  }
  ctx?.doing(`walking to place ${asked} at ${dest}`);
  if (how.look) {
    // The server turns the block by the way she looks: she stands in line
    // behind it, so that looking at the face is looking that way.
    const stand = standFor(dest, how.look, (p) => !p.equals(dest) && !p.offset(0, 1, 0).equals(dest)
      && passable(bot.blockAt(p)) && passable(bot.blockAt(p.offset(0, 1, 0))) && !passable(bot.blockAt(p.offset(0, -1, 0))));
    if (!stand) return fail(FAILURE, `there is no open ground 2 or 3 blocks ${OPPOSITE_WAY[how.look]} of ${dest} to stand on, and she must look ${how.look} to place ${asked}`);
    if (!feet(bot).equals(stand)) {
      const why = await walk(bot, new goals.GoalBlock(stand.x, stand.y, stand.z), signal);
      if (why) return fail(FAILURE, `you could not get to ${stand} to place ${asked} looking ${how.look}: ${why}`);
    }
  } else if (distance(bot.entity.position.offset(0, 1.62, 0), blockCentre(dest)) > REACH) {
    const why = await walk(bot, new goals.GoalNear(dest.x, dest.y, dest.z, 3), signal);
    if (why) return fail(FAILURE, `you could not get within reach of ${dest}: ${why}`);
  }
  const f2 = feet(bot);
  if (dest.equals(f2) || dest.equals(f2.offset(0, 1, 0))) {
    return fail(FAILURE, `placement_overlaps_agent: ${dest} is where you stand; step aside or pick another face`);
  }
  ctx?.doing(`placing ${asked} at ${dest}`);
  await abortable(bot.equip(item, 'hand'), signal);
  const updated = waitFor(bot, `blockUpdate:${dest}`, (_old, nb) => nb && placedAs(nb.name, kind), 3000, signal).catch(() => null);
  // A click on a chest, a table or a door opens it rather than placing
  // against it, unless she sneaks.
  const sneak = interactive(a.name);
  if (sneak) bot.setControlState('sneak', true);
  try {
    await abortable(bot._placeBlockWithOptions(a, new Vec3(...off), { swingArm: 'right', half: how.half }), signal);
  } catch (e) {
    throwIfAborted(signal);
    // placeBlock rejects when its own wait for the update ran out; the
    // check below is the one that counts.
  } finally {
    if (sneak) bot.setControlState('sneak', false);
  }
  await updated;
  const now = bot.blockAt(dest);
  if (!now || !placedAs(now.name, kind)) return fail(FAILURE, `the server did not keep ${kind} at ${dest}; it holds ${now?.name ?? 'nothing known'}`);
  const differs = mismatch(now, props);
  if (differs) return fail(FAILURE, `${kind} stands at ${dest}, but the server gave it ${differs}; mine it and place it again`);
  return '';
}

/** interactive reports whether a right click on a block uses it (opens, presses, sleeps) instead of placing against it. */
export function interactive(name) {
  return /(chest|barrel|shulker_box|crafting_table|furnace|smoker|anvil|_door|_trapdoor|_fence_gate|_bed|_button|lever|hopper|dispenser|dropper|table|loom|stonecutter|grindstone|lectern|bell|beacon|brewing_stand|enchanting_table|repeater|comparator|note_block|jukebox|cake|_sign)$/.test(name);
}

const OPPOSITE_WAY = { north: 'south', south: 'north', east: 'west', west: 'east' };

export const placeBlock = {
  budget: 30,
  params: (p) => {
    const a = { block: p.itemName('block', true), ...p.pos(), face: p.reqString('face', Object.keys(FACES)) };
    if (p.err) return null;
    const { name, props } = parseBlock(a.block);
    return { ...a, block: name, props };
  },
  async run(bot, a, signal, ctx) {
    const anchor = new Vec3(a.x, a.y, a.z);
    const anchorName = bot.blockAt(anchor)?.name ?? 'block';
    const failed = await placeAt(bot, a.block, anchor, a.face, signal, ctx, a.props);
    if (failed) return failed;
    const dest = anchor.offset(...FACES[a.face]);
    return ok(`placed ${stateText(a.block, a.props)} at ${dest}, on the ${a.face} face of ${anchorName} ${anchor}`);
  },
};

const CONTAINERS = new Set(['chest', 'trapped_chest', 'barrel', 'furnace', 'blast_furnace', 'smoker', 'dispenser', 'dropper', 'hopper']);

export const useBlock = {
  budget: 30,
  params: (p) => p.pos(),
  async run(bot, a, signal, ctx) {
    const p = new Vec3(a.x, a.y, a.z);
    const b = bot.blockAt(p);
    if (!b) return fail(FAILURE, `the block at ${p} is not loaded; walk closer first`);
    if (isAir(b)) return fail(FAILURE, `there is nothing at ${p} to use: it is air`);
    ctx.doing(`walking to the ${b.name} at ${p}`);
    const why = await reachBlock(bot, p, signal);
    if (why) return fail(FAILURE, `you could not reach the ${b.name} at ${p}: ${why}`);
    if (CONTAINERS.has(b.name) || b.name.endsWith('shulker_box')) {
      const win = await openWindow(bot, bot.openBlock(b), signal, `the ${b.name} at ${p}`);
      const items = win.containerItems ? win.containerItems() : [];
      win.close();
      const held = {};
      for (const it of items) held[it.name] = (held[it.name] ?? 0) + it.count;
      return ok(`you opened the ${b.name} at ${p} and closed it again; it holds ${describeItems(held)}`);
    }
    if (b.name.endsWith('_bed')) {
      try {
        await abortable(bot.sleep(b), signal);
        return ok(`you lay down in the bed at ${p}`);
      } catch (e) {
        throwIfAborted(signal);
        return fail(FAILURE, `you could not sleep in the bed at ${p}: ${e.message}`);
      }
    }
    const openable = /(_door|_trapdoor|_fence_gate)$/.test(b.name) && !b.name.startsWith('iron_');
    const before = b.getProperties?.().open;
    await abortable(bot.activateBlock(b), signal);
    if (openable) {
      await sleep(300, signal);
      const after = bot.blockAt(p)?.getProperties?.().open;
      if (after !== before) return ok(after ? `you opened the ${b.name} at ${p}` : `you shut the ${b.name} at ${p}`);
    }
    if (b.name.startsWith('iron_') && /(_door|_trapdoor)$/.test(b.name)) return fail(FAILURE, `the ${b.name} at ${p} does not open by hand; it needs redstone`);
    return ok(`you used ${b.name} at ${p}`);
  },
};

// SWEEP_RADIUS is how far round her she looks for drops left on the
// ground before a dig is called fruitless.
const SWEEP_RADIUS = 6;

export const findBlock = {
  budget: 300,
  params: (p) => ({ block: p.itemName('block', true), count: p.optInt('count', 1, 1, 256), radius: p.optInt('radius', 32, 1, 64) }),
  async run(bot, a, signal, ctx) {
    const kinds = kindsMatching(bot, a.block);
    if (kinds.length === 0) return fail(FAILURE, `${a.block} is not a block this server knows`);
    const drops = new Set(kinds.flatMap((k) => k.drops ?? []).map((d) => bot.registry.items[typeof d === 'object' ? d.drop?.id ?? d.id : d]?.name).filter(Boolean));
    if (drops.size === 0) for (const k of kinds) drops.add(k.name);
    const carried = () => [...drops].reduce((n, d) => n + count(bot, d), 0);
    const start = carried();
    const skip = new Set();
    let broken = 0;
    let fruitless = 0;
    while (carried() - start < a.count) {
      throwIfAborted(signal);
      const spots = (await findNear(bot, kinds, a.radius, 64, signal)).map((h) => h.p)
        .filter((p) => !skip.has(p.toString()))
        .map((p) => ({ p, open: exposed(bot, p), d: distance(p, bot.entity.position) }))
        // Blocks with an open side first: a buried one is reached only by
        // digging through what covers it.
        .sort((l, r) => (r.open - l.open) || (l.d - r.d))
        .map((x) => x.p);
      const got = carried() - start;
      if (spots.length === 0) {
        if (got === 0) return fail(FAILURE, `you found no ${a.block} within ${a.radius} blocks that you could reach`);
        return fail(FAILURE, `collected ${got}/${a.count} ${a.block}; there is no more ${a.block} within ${a.radius} blocks that you could reach`);
      }
      const p = spots[0];
      const before = carried();
      const failed = await digAt(bot, p, signal, ctx);
      if (failed) {
        skip.add(p.toString());
        if (failed.result === FAILURE && /needs a better tool/.test(failed.message)) return failed;
        continue;
      }
      broken++;
      await collectNear(bot, p, signal, () => carried() > before);
      // Drops earlier tries left on the ground are picked up before she
      // says a dig gave nothing.
      if (carried() <= before && fruitless === 2) await sweepDrops(bot, SWEEP_RADIUS, signal);
      if (carried() > before) fruitless = 0;
      else if (++fruitless >= 3) {
        return fail(FAILURE_NO_DROPS, `the last ${fruitless} ${a.block} you broke gave none of what you are after (${[...drops].join(', ')}); collected ${carried() - start}/${a.count}`);
      }
      ctx.progress(Math.min(carried() - start, a.count), a.count, `collected ${carried() - start} of ${a.count} ${a.block}`);
    }
    return ok(`collected ${carried() - start}/${a.count} ${a.block} (${broken} blocks broken)`);
  },
};
