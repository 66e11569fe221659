// Her inventory: equip_item, discard_item, eat_food and pickup_items.

import { FAILURE, FAILURE_INVENTORY_FULL, abortable, fail, ok, sleep, throwIfAborted } from '../answer.js';
import { count, describeItems, distance, findItem, goals, walk } from '../game.js';

const SLOTS = { hand: 'hand', offhand: 'off-hand', head: 'head', chest: 'torso', legs: 'legs', feet: 'feet' };

export const equipItem = {
  budget: 10,
  params: (p) => ({ item: p.itemName('item', true), slot: p.optString('slot', 'hand', Object.keys(SLOTS)) }),
  async run(bot, a, signal) {
    const it = findItem(bot, a.item);
    if (!it) return fail(FAILURE, `you carry no ${a.item}`);
    try {
      await abortable(bot.equip(it, SLOTS[a.slot]), signal);
    } catch (e) {
      throwIfAborted(signal);
      return fail(FAILURE, `${a.item} does not go in the ${a.slot} slot: ${e.message}`);
    }
    return ok(`you equipped ${a.item} in your ${a.slot}`);
  },
};

export const discardItem = {
  budget: 10,
  params: (p) => ({ item: p.itemName('item', true), count: p.optInt('count', 0, 1, 2304) }),
  async run(bot, a, signal) {
    const have = count(bot, a.item);
    if (have === 0) return fail(FAILURE, `you carry no ${a.item}`);
    const n = Math.min(a.count || have, have);
    await tossCount(bot, a.item, n, signal);
    return ok(`you dropped ${n} ${a.item}${a.count > have ? ` (you had only ${have})` : ''}`);
  },
};

/** tossCount drops n of an item, stack by stack. */
export async function tossCount(bot, name, n, signal) {
  let left = n;
  while (left > 0) {
    const it = findItem(bot, name);
    if (!it) break;
    const k = Math.min(left, it.count);
    await abortable(bot.toss(it.type, null, k), signal);
    left -= k;
  }
  return n - left;
}

/**
 * BAD_FOODS poison or starve her: eaten only when asked for by name. The
 * brain's table of foods (internal/game/food.go) marks the same ones bad;
 * a Go test holds the two together.
 */
export const BAD_FOODS = ['chicken', 'poisonous_potato', 'pufferfish', 'rotten_flesh', 'spider_eye', 'suspicious_stew'];

/** bestFood is the food she carries that feeds most, or null. */
export function bestFood(bot) {
  const foods = bot.registry.foodsByName ?? {};
  let best = null;
  for (const it of bot.inventory.items()) {
    const f = foods[it.name];
    if (!f || BAD_FOODS.includes(it.name)) continue;
    if (!best || f.foodPoints > best.points) best = { item: it, points: f.foodPoints };
  }
  return best?.item ?? null;
}

export async function eat(bot, item, signal) {
  await abortable(bot.equip(item, 'hand'), signal);
  await abortable(bot.consume(), signal);
}

export const eatFood = {
  budget: 20,
  params: (p) => ({ item: p.itemName('item', false) }),
  async run(bot, a, signal, ctx) {
    const it = a.item ? findItem(bot, a.item) : bestFood(bot);
    if (!it) return fail(FAILURE, a.item ? `you carry no ${a.item}` : 'you carry no food');
    if (bot.food >= 20 && it.name !== 'chorus_fruit') return fail(FAILURE, 'you are not hungry (food 20/20); you cannot eat now');
    const before = bot.food;
    ctx.doing(`eating ${it.name}`);
    try {
      await eat(bot, it, signal);
    } catch (e) {
      throwIfAborted(signal);
      return fail(FAILURE, `you could not eat ${it.name}: ${e.message}`);
    }
    return ok(`you ate ${it.name}; food ${before} → ${bot.food}/20`);
  },
};

export const pickupItems = {
  budget: 60,
  params: (p) => ({ item: p.itemName('item', false), radius: p.optInt('radius', 16, 1, 64) }),
  async run(bot, a, signal, ctx) {
    const got = {};
    const before = Object.fromEntries(bot.inventory.items().map((it) => [it.name, count(bot, it.name)]));
    const tried = new Set();
    for (;;) {
      throwIfAborted(signal);
      const drops = Object.values(bot.entities)
        .filter((e) => e.name === 'item' && !tried.has(e.id) && distance(e.position, bot.entity.position) <= a.radius)
        .filter((e) => !a.item || droppedName(bot, e) === a.item)
        .sort((l, r) => distance(l.position, bot.entity.position) - distance(r.position, bot.entity.position));
      if (drops.length === 0) break;
      const e = drops[0];
      tried.add(e.id);
      ctx.doing(`walking to ${droppedName(bot, e) ?? 'an item'}`);
      await walk(bot, new goals.GoalNear(e.position.x, e.position.y, e.position.z, 0.5), signal);
      await sleep(300, signal);
    }
    for (const it of bot.inventory.items()) {
      const d = count(bot, it.name) - (before[it.name] ?? 0);
      if (d > 0) got[it.name] = d;
    }
    if (tried.size === 0) return fail(FAILURE, `there is ${a.item ? `no ${a.item}` : 'nothing'} on the ground within ${a.radius} blocks`);
    if (Object.keys(got).length === 0) {
      if (bot.inventory.emptySlotCount() === 0) return fail(FAILURE_INVENTORY_FULL, 'your inventory is full; you picked up nothing');
      return fail(FAILURE, `you walked to ${tried.size} item(s) but picked up nothing`);
    }
    return ok(`you picked up ${describeItems(got)}`, { picked: got });
  },
};

/** droppedName reads the item a dropped-item entity holds. */
export function droppedName(bot, e) {
  try {
    return e.getDroppedItem?.()?.name ?? null;
  } catch {
    // The entity's metadata does not hold an item stack mineflayer can read
    // (flying-squid sends a bare one): the drop is there, its kind unknown.
    return null;
  }
}
