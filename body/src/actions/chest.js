// Chests and barrels: store_item, retrieve_item and view_container. Each
// ends with what the container holds.

import { FAILURE, FAILURE_INVENTORY_FULL, abortable, fail, ok, throwIfAborted } from '../answer.js';
import { Vec3, count, describeItems, goals, itemByName, openWindow, withinReach, walk } from '../game.js';

const KINDS = ['chest', 'trapped_chest', 'barrel'];
const RANGE = 32;

function contents(win) {
  const held = {};
  for (const it of win.containerItems()) held[it.name] = (held[it.name] ?? 0) + it.count;
  return held;
}

/** openAt walks to the container at p, or the nearest within 32 blocks, and opens it. */
async function openAt(bot, p, signal, ctx) {
  let block;
  if (p) {
    block = bot.blockAt(new Vec3(p.x, p.y, p.z));
    if (!block) return { failure: fail(FAILURE, `the block at ${p.x} ${p.y} ${p.z} is not loaded; walk closer first`) };
    if (!KINDS.includes(block.name) && !block.name.endsWith('shulker_box')) {
      return { failure: fail(FAILURE, `${p.x} ${p.y} ${p.z} holds ${block.name}, not a chest or barrel`) };
    }
  } else {
    const ids = KINDS.map((k) => bot.registry.blocksByName[k]?.id).filter((id) => id !== undefined);
    block = bot.findBlock({ matching: ids, maxDistance: RANGE });
    if (!block) return { failure: fail(FAILURE, `there is no chest or barrel within ${RANGE} blocks`) };
  }
  const at = block.position;
  ctx.doing(`walking to the ${block.name} at ${at}`);
  const why = await walk(bot, new goals.GoalLookAtBlock(at, bot.world, { reach: 4 }), signal, { arrived: () => withinReach(bot, at, 4) });
  if (why) return { failure: fail(FAILURE, `you could not reach the ${block.name} at ${at}: ${why}`) };
  let win;
  try {
    win = await openWindow(bot, bot.openContainer(block), signal, `the ${block.name} at ${at}`);
  } catch (e) {
    throwIfAborted(signal);
    return { failure: fail(FAILURE, `${e.message}; a plugin may guard it, or the server is slow`) };
  }
  return { win, block };
}

function itemParams(p) {
  return { item: p.itemName('item', true), count: p.optInt('count', 0, 1, 2304), pos: p.optPos() };
}

export const storeItem = {
  budget: 60,
  params: itemParams,
  async run(bot, a, signal, ctx) {
    const have = count(bot, a.item);
    if (have === 0) return fail(FAILURE, `you carry no ${a.item} to store`);
    const n = a.count || have;
    if (n > have) return fail(FAILURE, `you carry ${have} ${a.item}, fewer than ${n}`);
    const o = await openAt(bot, a.pos, signal, ctx);
    if (o.failure) return o.failure;
    try {
      await abortable(o.win.deposit(itemByName(bot, a.item).id, null, n), signal);
      const held = contents(o.win);
      return ok(`you stored ${n} ${a.item} in the ${o.block.name} at ${o.block.position}; it holds ${describeItems(held)}`, { container: held });
    } catch (e) {
      throwIfAborted(signal);
      if (/full|space/i.test(e.message)) return fail(FAILURE_INVENTORY_FULL, `the ${o.block.name} at ${o.block.position} is full; it holds ${describeItems(contents(o.win))}`);
      throw e;
    } finally {
      o.win.close();
    }
  },
};

export const retrieveItem = {
  budget: 60,
  params: itemParams,
  async run(bot, a, signal, ctx) {
    const o = await openAt(bot, a.pos, signal, ctx);
    if (o.failure) return o.failure;
    try {
      const inside = contents(o.win)[a.item] ?? 0;
      if (inside === 0) return fail(FAILURE, `the ${o.block.name} at ${o.block.position} holds no ${a.item}; it holds ${describeItems(contents(o.win))}`);
      const n = Math.min(a.count || inside, inside);
      await abortable(o.win.withdraw(itemByName(bot, a.item).id, null, n), signal);
      const held = contents(o.win);
      const short = a.count && a.count > inside ? ` (it held only ${inside})` : '';
      return ok(`you took ${n} ${a.item} from the ${o.block.name} at ${o.block.position}${short}; it holds ${describeItems(held)}`, { container: held });
    } catch (e) {
      throwIfAborted(signal);
      if (/full|space/i.test(e.message)) return fail(FAILURE_INVENTORY_FULL, 'your inventory is full');
      throw e;
    } finally {
      o.win.close();
    }
  },
};

export const viewContainer = {
  budget: 60,
  params: (p) => ({ pos: p.optPos() }),
  async run(bot, a, signal, ctx) {
    const o = await openAt(bot, a.pos, signal, ctx);
    if (o.failure) return o.failure;
    try {
      const held = contents(o.win);
      return ok(`the ${o.block.name} at ${o.block.position} holds ${describeItems(held)}`, { container: held });
    } finally {
      o.win.close();
    }
  },
};
