// Crafting and smelting: craft_item uses a crafting table within 16 blocks
// or sets down hers; smelt_item puts in exactly the count and the fuel that
// wastes least.

import { FAILURE, FAILURE_FURNACE_BUSY, FAILURE_INVENTORY_FULL, abortable, fail, ok, sleep, throwIfAborted } from '../answer.js';
import { FACES, Vec3, closeOnAbort, count, describeItems, feet, findItem, goals, isAir, itemByName, openWindow, passable, walk } from '../game.js';
import { placeAt } from './blocks.js';

const STATION_RANGE = 16;

/**
 * station finds a block of kind within 16 blocks, or sets down the one she
 * carries beside her. It answers {block} or {failure}.
 */
export async function station(bot, kind, signal, ctx) {
  const id = bot.registry.blocksByName[kind]?.id;
  const near = id === undefined ? null : bot.findBlock({ matching: id, maxDistance: STATION_RANGE });
  if (near) return { block: near, placed: false };
  if (!findItem(bot, kind)) return { failure: fail(FAILURE, `there is no ${kind} within ${STATION_RANGE} blocks and you carry none`) };
  const f = feet(bot);
  for (const [face, off] of Object.entries(FACES)) {
    if (face === 'top' || face === 'bottom') continue;
    const dest = f.offset(off[0] * 2, 0, off[2] * 2);
    const anchor = dest.offset(0, -1, 0);
    const ab = bot.blockAt(anchor), db = bot.blockAt(dest);
    if (!ab || passable(ab) || !db || !isAir(db)) continue;
    const failed = await placeAt(bot, kind, anchor, 'top', signal, ctx);
    if (!failed) return { block: bot.blockAt(dest), placed: true };
  }
  return { failure: fail(FAILURE, `there is no room beside you to set down your ${kind}; step onto open ground`) };
}

export const craftItem = {
  budget: 60,
  params: (p) => ({ item: p.itemName('item', true), count: p.optInt('count', 1, 1, 2304) }),
  async run(bot, a, signal, ctx) {
    const item = itemByName(bot, a.item);
    if (!item) return fail(FAILURE, `${a.item} is not an item this server knows`);
    const before = count(bot, a.item);
    let recipes = bot.recipesFor(item.id, null, 1, null);
    let table = null;
    if (recipes.length === 0) {
      const all = bot.recipesAll(item.id, null, true);
      if (all.length === 0) return fail(FAILURE, `${a.item} cannot be crafted`);
      ctx.doing('finding a crafting table');
      const st = await station(bot, 'crafting_table', signal, ctx);
      if (st.failure) return st.failure;
      table = st.block;
      recipes = bot.recipesFor(item.id, null, 1, table);
      if (recipes.length === 0) return fail(FAILURE, `you lack the ingredients for ${a.item}`);
      if (bot.entity.position.distanceTo(table.position) > 4) {
        const why = await walk(bot, new goals.GoalNear(table.position.x, table.position.y, table.position.z, 2), signal);
        if (why) return fail(FAILURE, `you could not reach the crafting table at ${table.position}: ${why}`);
      }
    }
    const recipe = recipes[0];
    const per = recipe.result.count;
    let crafts = Math.ceil(a.count / per);
    // As many crafts as the ingredients allow, up to what was asked.
    // mineflayer's recipesFor counts items (its minResultCount) where craft
    // counts crafts: ask it for the items that many crafts make.
    while (crafts > 1 && bot.recipesFor(item.id, null, crafts * per, table).length === 0) crafts--;
    ctx.doing(`crafting ${a.item}`);
    const unwatch = closeOnAbort(bot, signal);
    try {
      await abortable(bot.craft(recipe, crafts, table ?? undefined), signal);
    } catch (e) {
      throwIfAborted(signal);
      // mineflayer waits for the server to fill the result slot; a server
      // without crafting (flying-squid) never does, and its words for that
      // ("Event updateSlot:0 did not fire…") mean nothing to a player.
      if (/did not fire within timeout/.test(e.message ?? '')) {
        return fail(FAILURE, `the server never made the ${a.item}: it did not answer the craft, and may not support crafting`);
      }
      return fail(FAILURE, `crafting ${a.item} failed: ${e.message}`);
    } finally {
      unwatch();
    }
    await sleep(100, signal);
    const made = count(bot, a.item) - before;
    if (made < a.count) return fail(FAILURE, `you crafted ${made} of ${a.count} ${a.item}; the ingredients ran out`);
    return ok(`you crafted ${made} ${a.item}${table ? ` at the crafting table at ${table.position}` : ''}`);
  },
};

/** BURN is how many items one of each fuel smelts. */
export const BURN = {
  coal: 8, charcoal: 8, coal_block: 80, blaze_rod: 12, lava_bucket: 100, dried_kelp_block: 20,
  stick: 0.5, bamboo: 0.25,
};

export function burnOf(name) {
  if (BURN[name]) return BURN[name];
  if (/_(planks|log|wood|stem|hyphae)$/.test(name) || name === 'bamboo_block') return 1.5;
  if (/_slab$/.test(name) && /(oak|spruce|birch|jungle|acacia|dark_oak|mangrove|cherry|bamboo|crimson|warped)/.test(name)) return 0.75;
  return 0;
}

/**
 * pickFuel chooses the one kind of fuel she carries enough of that wastes
 * least for n items. It answers {name, units} or null.
 */
export function pickFuel(items, n, wanted) {
  const carried = {};
  for (const it of items) carried[it.name] = (carried[it.name] ?? 0) + it.count;
  let best = null;
  for (const [name, have] of Object.entries(carried)) {
    if (wanted && name !== wanted) continue;
    const burn = burnOf(name);
    if (!burn) continue;
    if (name === 'crafting_table' || /_(pickaxe|axe|sword|shovel|hoe)$/.test(name)) continue;
    const units = Math.ceil(n / burn);
    if (units > have) continue;
    const waste = units * burn - n;
    if (!best || waste < best.waste || (waste === best.waste && units < best.units)) best = { name, units, waste };
  }
  return best;
}

/** takeBack empties a furnace into her inventory and says what she took. */
async function takeBack(furnace, signal) {
  const took = {};
  for (const [slot, take] of [['inputItem', 'takeInput'], ['fuelItem', 'takeFuel'], ['outputItem', 'takeOutput']]) {
    const it = furnace[slot]?.();
    if (!it) continue;
    await abortable(furnace[take](), signal);
    took[it.name] = (took[it.name] ?? 0) + it.count;
  }
  return describeItems(took);
}

export const smeltItem = {
  budget: 150,
  params: (p) => ({ item: p.itemName('item', true), count: p.optInt('count', 1, 1, 10), fuel: p.itemName('fuel', false) }),
  async run(bot, a, signal, ctx) {
    const have = count(bot, a.item);
    if (have < a.count) return fail(FAILURE, `you carry ${have} ${a.item}; smelting ${a.count} needs that many`);
    const fuel = pickFuel(bot.inventory.items().filter((it) => it.name !== a.item), a.count, a.fuel);
    if (!fuel) return fail(FAILURE, a.fuel ? `you carry too little ${a.fuel} to smelt ${a.count} ${a.item}` : `you carry no fuel enough for ${a.count} ${a.item}; coal, charcoal or planks burn`);
    ctx.doing('finding a furnace');
    const st = await station(bot, 'furnace', signal, ctx);
    if (st.failure) return st.failure;
    const fp = st.block.position;
    if (bot.entity.position.distanceTo(fp) > 4) {
      const why = await walk(bot, new goals.GoalNear(fp.x, fp.y, fp.z, 2), signal);
      if (why) return fail(FAILURE, `you could not reach the furnace at ${fp}: ${why}`);
    }
    const furnace = await openWindow(bot, bot.openFurnace(st.block), signal, `the furnace at ${fp}`);
    // A smelt of hers that was cut short left its items in this furnace:
    // she takes them back before anything else.
    const furnaces = ctx.furnaces ?? new Map();
    const key = fp.toString();
    try {
      if (furnaces.has(key)) {
        const back = await takeBack(furnace, signal);
        furnaces.delete(key);
        ctx.note(`took back what an earlier smelt left in the furnace at ${fp}: ${back}`);
      }
      if (furnace.inputItem() || furnace.outputItem()) {
        return fail(FAILURE_FURNACE_BUSY, `the furnace at ${fp} already holds ${furnace.inputItem()?.name ?? furnace.outputItem()?.name}; empty it or use another`);
      }
      const itemId = itemByName(bot, a.item).id;
      furnaces.set(key, a.item);
      await abortable(furnace.putFuel(itemByName(bot, fuel.name).id, null, fuel.units), signal);
      await abortable(furnace.putInput(itemId, null, a.count), signal);
      let got = 0;
      const until = Date.now() + 12_000 * a.count + 5000;
      while (got < a.count && Date.now() < until) {
        ctx.doing(`smelting ${a.item} (${got} of ${a.count} done)`);
        await sleep(1000, signal);
        const out = furnace.outputItem();
        if (out) {
          got += out.count;
          await abortable(furnace.takeOutput(), signal);
          ctx.progress(got, a.count, `smelted ${got} of ${a.count} ${a.item}`);
        }
      }
      if (got < a.count) {
        const back = await takeBack(furnace, signal);
        furnaces.delete(key);
        return fail(FAILURE, `the furnace at ${fp} smelted ${got} of ${a.count} ${a.item} before you gave up waiting; you took back ${back}`);
      }
      furnaces.delete(key);
      return ok(`you smelted ${got} ${a.item} with ${fuel.units} ${fuel.name} in the furnace at ${fp}`);
    } catch (e) {
      throwIfAborted(signal);
      if (/full/i.test(e.message)) return fail(FAILURE_INVENTORY_FULL, `your inventory is full; the furnace at ${fp} keeps the rest`);
      throw e;
    } finally {
      furnace.close();
    }
  },
};
