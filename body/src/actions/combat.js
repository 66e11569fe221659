// Combat: attack_entity fights one mob or player until it is gone.

import { FAILURE, abortable, fail, ok, sleep } from '../answer.js';
import { distance, goals, playerEntity, setDig, walk } from '../game.js';

const HOSTILE = new Set(['zombie', 'husk', 'drowned', 'skeleton', 'stray', 'creeper', 'spider', 'cave_spider', 'witch', 'enderman',
  'slime', 'magma_cube', 'phantom', 'pillager', 'vindicator', 'evoker', 'ravager', 'blaze', 'ghast', 'hoglin', 'zoglin', 'piglin_brute',
  'silverfish', 'endermite', 'guardian', 'elder_guardian', 'wither_skeleton', 'bogged', 'breeze', 'zombie_villager', 'warden']);

export function isHostile(e) {
  return HOSTILE.has(e?.name);
}

/** bestWeapon is the strongest sword or axe she carries, or null. */
export function bestWeapon(bot) {
  const rank = ['netherite', 'diamond', 'iron', 'stone', 'golden', 'wooden'];
  const weapons = bot.inventory.items().filter((it) => /_(sword|axe)$/.test(it.name));
  weapons.sort((a, b) => rank.indexOf(a.name.split('_')[0]) - rank.indexOf(b.name.split('_')[0]) || (a.name.endsWith('sword') ? -1 : 1));
  return weapons[0] ?? null;
}

/**
 * fight walks to e and strikes until it is gone, she gives up, or the signal
 * fires. The chase goal is dropped the moment the signal fires, before the
 * action that replaced the fight starts walking, so she never keeps chasing.
 */
export async function fight(bot, e, signal, ctx, limitMs = 55_000) {
  const w = bestWeapon(bot);
  if (w) await abortable(bot.equip(w, 'hand'), signal);
  let hits = 0;
  const until = Date.now() + limitMs;
  const drop = () => bot.pathfinder.setGoal(null);
  signal.addEventListener('abort', drop, { once: true });
  setDig(bot, false);
  try {
    while (bot.entities[e.id] && e.isValid !== false && Date.now() < until) {
      if (distance(bot.entity.position, e.position) > 3) {
        ctx?.doing(`chasing the ${e.name ?? e.username}`);
        bot.pathfinder.setGoal(new goals.GoalFollow(e, 2), true);
        await sleep(250, signal);
        continue;
      }
      bot.pathfinder.setGoal(null);
      await abortable(bot.lookAt(e.position.offset(0, (e.height ?? 1.6) * 0.8, 0), true), signal);
      bot.attack(e);
      hits++;
      await sleep(600, signal);
    }
  } finally {
    signal.removeEventListener('abort', drop);
  }
  drop();
  return { hits, gone: !bot.entities[e.id] || e.isValid === false };
}

export const attackEntity = {
  budget: 60,
  params: (p) => ({ entity: p.itemName('entity', true), id: p.optInt('id', 0, 0, 2147483647) }),
  async run(bot, a, signal, ctx) {
    if (!a.id && a.entity === 'player') return fail(FAILURE, 'name the player to attack: "player" would mean anyone');
    // A player by name: the player list ties the name to an entity, by the
    // uuid where the server spawned the player as another kind of entity.
    const player = a.id ? null : playerEntity(bot, a.entity);
    const matches = player ? [player] : Object.values(bot.entities).filter((e) => e !== bot.entity &&
      (a.id ? e.id === a.id : e.name === a.entity));
    if (matches.length === 0) return fail(FAILURE, a.id ? `there is no entity ${a.id} (${a.entity}) near you` : `there is no ${a.entity} near you`);
    matches.sort((l, r) => distance(l.position, bot.entity.position) - distance(r.position, bot.entity.position));
    const e = matches[0];
    if (distance(e.position, bot.entity.position) > 32) return fail(FAILURE, `the nearest ${a.entity} is ${distance(e.position, bot.entity.position).toFixed(0)} blocks away; go closer first`);
    ctx.doing(`fighting the ${a.entity}`);
    const r = await fight(bot, e, signal, ctx);
    if (!r.gone) return fail(FAILURE, `the ${a.entity} is still standing after ${r.hits} blows`);
    return ok(`you killed the ${a.entity} with ${r.hits} blows`);
  },
};

// walk is re-exported for the reflexes, which flee with it.
export { walk };
