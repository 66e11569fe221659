// Terrain: pillar_up, mine_down's shaft (its staircase is in stairs.js) and bridge.

import { FAILURE, abortable, fail, ok, sleep, throwIfAborted } from '../answer.js';
import { DIRECTIONS, Vec3, feet, findItem, goals, isAir, passable, walk } from '../game.js';
import { digAt, placeAt } from './blocks.js';

/** FILLERS are the blocks she builds with when not told which, cheapest first. */
const FILLERS = ['cobblestone', 'dirt', 'cobbled_deepslate', 'netherrack', 'stone', 'andesite', 'diorite', 'granite', 'oak_planks', 'spruce_planks', 'birch_planks'];

export function filler(bot, wanted) {
  if (wanted) return findItem(bot, wanted) ? wanted : '';
  return FILLERS.find((n) => findItem(bot, n)) ?? '';
}

export const pillarUp = {
  budget: 60,
  params: (p) => ({ height: p.reqInt('height', 1, 64) }),
  async run(bot, a, signal, ctx) {
    const start = feet(bot);
    for (let i = 0; i < a.height; i++) {
      throwIfAborted(signal);
      const kind = filler(bot, '');
      if (!kind) return fail(FAILURE, `you ran out of blocks to stand on after ${i} of ${a.height}; carry cobblestone or dirt`);
      const here = feet(bot);
      const head = bot.blockAt(here.offset(0, 2, 0));
      if (head && !passable(head)) {
        const failed = await digAt(bot, here.offset(0, 2, 0), signal, ctx);
        if (failed) return fail(FAILURE, `you rose ${i} of ${a.height} blocks; the ${head.name} over your head would not break: ${failed.message}`);
      }
      ctx.doing(`jumping to place block ${i + 1} of ${a.height}`);
      await abortable(bot.equip(findItem(bot, kind), 'hand'), signal);
      await abortable(bot.look(bot.entity.yaw, -Math.PI / 2, true), signal);
      bot.setControlState('jump', true);
      const onAbort = () => bot.setControlState('jump', false);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        const until = Date.now() + 1500;
        while (bot.entity.position.y < here.y + 1.05 && Date.now() < until) await sleep(50, signal);
        const below = bot.blockAt(here);
        if (below && isAir(below)) {
          await abortable(bot.placeBlock(bot.blockAt(here.offset(0, -1, 0)), new Vec3(0, 1, 0)), signal).catch((e) => { throwIfAborted(signal); return e; });
        }
      } finally {
        bot.setControlState('jump', false);
        signal.removeEventListener('abort', onAbort);
      }
      await sleep(250, signal);
      if (feet(bot).y <= here.y) return fail(FAILURE, `you rose ${feet(bot).y - start.y} of ${a.height} blocks; the block under you did not stay`);
      ctx.progress(i + 1, a.height, `rose ${i + 1} of ${a.height}`);
    }
    return ok(`you pillared up ${feet(bot).y - start.y} blocks and stand at ${feet(bot)}`);
  },
};

const DANGER = new Set(['lava', 'water', 'fire', 'soul_fire']);

export const mineDown = {
  budget: 120,
  params: (p) => ({ depth: p.reqInt('depth', 1, 64) }),
  async run(bot, a, signal, ctx) {
    const start = feet(bot);
    for (let i = 0; i < a.depth; i++) {
      const here = feet(bot);
      const below = here.offset(0, -1, 0);
      const under = bot.blockAt(below.offset(0, -1, 0));
      if (under && DANGER.has(under.name)) return fail(FAILURE, `you stopped ${i} blocks down: there is ${under.name} under the next block`);
      let drop = 0;
      for (let y = 1; y <= 4; y++) {
        const b = bot.blockAt(below.offset(0, -y, 0));
        if (!b || !passable(b)) break;
        drop++;
      }
      if (drop > 3) return fail(FAILURE, `you stopped ${i} blocks down: under the next block is a drop deeper than 3`);
      const b = bot.blockAt(below);
      if (b && DANGER.has(b.name)) return fail(FAILURE, `you stopped ${i} blocks down: the next block is ${b.name}`);
      if (b && !passable(b)) {
        const failed = await digAt(bot, below, signal, ctx);
        if (failed) return fail(failed.result, `you stopped ${i} blocks down: ${failed.message}`);
      }
      const until = Date.now() + 2000;
      while (feet(bot).y >= here.y && Date.now() < until) await sleep(50, signal);
      ctx.progress(i + 1, a.depth, `dug ${i + 1} of ${a.depth} down`);
    }
    return ok(`you dug ${start.y - feet(bot).y} blocks down and stand at ${feet(bot)}`);
  },
};

export const bridge = {
  budget: 120,
  params: (p) => ({ direction: p.reqString('direction', Object.keys(DIRECTIONS)), distance: p.reqInt('distance', 1, 64), block: p.itemName('block', false) }),
  async run(bot, a, signal, ctx) {
    const [dx, dz] = DIRECTIONS[a.direction];
    const start = feet(bot);
    let placed = 0;
    for (let i = 1; i <= a.distance; i++) {
      throwIfAborted(signal);
      const step = start.offset(dx * i, 0, dz * i);
      const floor = step.offset(0, -1, 0);
      const fb = bot.blockAt(floor);
      if (fb && !passable(fb) && fb.name !== 'water' && fb.name !== 'lava') {
        // ground already there: walk on
      } else {
        const kind = filler(bot, a.block);
        if (!kind) return fail(FAILURE, `you ran out of ${a.block || 'blocks'} after ${i - 1} of ${a.distance} blocks; you placed ${placed}`);
        ctx.doing(`placing bridge block ${i} of ${a.distance}`);
        const failed = await placeAt(bot, kind, floor.offset(-dx, 0, -dz), a.direction, signal, null);
        if (failed) return fail(failed.result, `you bridged ${i - 1} of ${a.distance} blocks: ${failed.message}`);
        placed++;
      }
      const why = await walk(bot, new goals.GoalBlock(step.x, step.y, step.z), signal);
      if (why) return fail(FAILURE, `you bridged ${i - 1} of ${a.distance} blocks and could not step on: ${why}`);
      ctx.progress(i, a.distance, `bridged ${i} of ${a.distance}`);
    }
    return ok(`you bridged ${a.distance} blocks ${a.direction}, placing ${placed}, and stand at ${feet(bot)}`);
  },
};
