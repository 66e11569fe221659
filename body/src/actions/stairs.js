// Stairs: mine_down with a direction, the safe way down a player takes. A
// shaft drops her onto whatever lies under it, lava or a cave; each step of
// a staircase is looked at before she takes it, and she can walk back up
// it. Each step digs the three cells ahead (head height, eye height and the
// step one down) and never the block she stands on.

import { FAILURE, fail, ok, throwIfAborted } from '../answer.js';
import { DIRECTIONS, FACES, feet, goals, passable, walk } from '../game.js';
import { digAt, placeAt } from './blocks.js';
import { filler, mineDown as shaft } from './terrain.js';

const DANGER = new Set(['lava', 'water', 'fire', 'soul_fire']);
const LIQUID = new Set(['lava', 'water']);

/** stepCells are the cells of the next step: the three she opens, its floor, and every cell of hers. */
function stepCells(here, dx, dz) {
  const ahead = here.offset(dx, 0, dz);
  const open = [ahead.offset(0, 1, 0), ahead, ahead.offset(0, -1, 0)];
  const floor = ahead.offset(0, -2, 0);
  const own = new Set([here, here.offset(0, 1, 0), floor, ...open].map(String));
  return { open, floor, own };
}

/**
 * coverAt puts a block she carries into p (liquid or a hole), against a
 * solid neighbour; answers a sentence when it cannot.
 */
async function coverAt(bot, p, where, signal) {
  const what = bot.blockAt(p)?.name ?? 'air';
  const kind = filler(bot, '');
  if (!kind) return `${what} at ${p} ${where}, and you have no block to cover it`;
  for (const [face, [x, y, z]] of Object.entries(FACES)) {
    const anchor = p.offset(-x, -y, -z);
    const b = bot.blockAt(anchor);
    if (!b || passable(b) || LIQUID.has(b.name)) continue;
    const failed = await placeAt(bot, kind, anchor, face, signal, null);
    if (!failed) return '';
    return `${what} at ${p} ${where} could not be covered: ${failed.message}`;
  }
  return `${what} at ${p} ${where} has nothing solid beside it to place a block against`;
}

/**
 * lookAhead checks the next step before she digs it: lava, water or fire
 * in a cell she would open, or an open drop under it, stops her; liquid
 * beside those cells, or liquid or a one-block hole for the step's floor,
 * she covers. Answers '' when the step is safe to dig.
 */
async function lookAhead(bot, here, dx, dz, signal) {
  const { open, floor, own } = stepCells(here, dx, dz);
  for (const c of open) {
    const b = bot.blockAt(c);
    if (!b) return `the ground at ${c} is not loaded`;
    if (DANGER.has(b.name)) return `${b.name} at ${c} is in the way of your next step`;
    if (b.diggable === false && !passable(b)) return `${b.name} at ${c} cannot be broken`;
  }
  const fb = bot.blockAt(floor), under = bot.blockAt(floor.offset(0, -1, 0));
  if (fb && passable(fb) && !LIQUID.has(fb.name) && under && passable(under)) return `an open drop under your next step at ${floor}`;
  for (const c of open) {
    for (const [x, y, z] of Object.values(FACES)) {
      const n = c.offset(x, y, z);
      if (own.has(String(n)) || !LIQUID.has(bot.blockAt(n)?.name)) continue;
      const why = await coverAt(bot, n, 'beside your next step', signal);
      if (why) return why;
    }
  }
  if (!fb || passable(fb) || LIQUID.has(fb.name)) return coverAt(bot, floor, 'under your next step', signal);
  return '';
}

/** digStairs digs a 1-wide staircase a.depth steps down towards a.direction. */
export async function digStairs(bot, a, signal, ctx) {
  const [dx, dz] = DIRECTIONS[a.direction];
  const start = feet(bot);
  const stopped = (i, why) => {
    const at = feet(bot);
    if (i === 0) return fail(FAILURE, `you did not dig a staircase ${a.direction} from ${at}: ${why}`);
    return fail(FAILURE, `you dug ${i} of ${a.depth} steps ${a.direction} (from y=${start.y} to y=${at.y}), then stopped at ${at}: ${why}`);
  };
  for (let i = 0; i < a.depth; i++) {
    throwIfAborted(signal);
    const here = feet(bot);
    const why = await lookAhead(bot, here, dx, dz, signal);
    if (why) return stopped(i, why);
    ctx.doing(`digging a staircase ${a.direction} (${i + 1} of ${a.depth})`);
    for (const c of stepCells(here, dx, dz).open) {
      if (passable(bot.blockAt(c))) continue;
      const failed = await digAt(bot, c, signal, ctx);
      if (failed) return stopped(i, failed.message);
    }
    const step = here.offset(dx, -1, dz);
    const walked = await walk(bot, new goals.GoalBlock(step.x, step.y, step.z), signal);
    if (walked) return stopped(i, `you could not step down to ${step}: ${walked}`);
    ctx.progress(i + 1, a.depth, `dug ${i + 1} of ${a.depth} steps`);
  }
  const at = feet(bot);
  return ok(`you dug a staircase ${a.depth} steps ${a.direction} from y=${start.y} to y=${at.y} and stand at ${at}`);
}

/** mineDown is the mine_down action: a shaft, or with a direction a staircase. */
export const mineDown = {
  budget: shaft.budget,
  params: (p) => ({ ...shaft.params(p), direction: p.optString('direction', '', Object.keys(DIRECTIONS)) }),
  run: (bot, a, signal, ctx) => (a.direction ? digStairs(bot, a, signal, ctx) : shaft.run(bot, a, signal, ctx)),
};
