// The reflexes of the seed, run in the body: eat when idle and hungry,
// defend against a hostile that strikes, flee when too hurt to fight, and
// respawn after death. Each is reported with reflex packets; the request a
// reflex interrupts gets its own INTERRUPTED answer from the dispatcher.

import { Interruption, sleep } from './answer.js';
import { goals, distance, playerNameOf, walk } from './game.js';
import { bestFood, eat } from './actions/inventory.js';
import { bestWeapon, fight, isHostile } from './actions/combat.js';

const EAT_AT_FOOD = 14;
const HEAL_AT_FOOD = 18; // under this food she does not heal: hurt, she eats
const FLEE_BELOW = 6;
const RESPAWN_DELAY_MS = 1000;
const ESCAPE_MS = 8000;
const CREEPER_NEAR = 4; // a creeper this close is about to blow
const CREEPER_SAFE = 8;
/** RANGED are the mobs that strike from afar: she goes after them rather than stand and be shot. */
const RANGED = new Set(['skeleton', 'stray', 'bogged', 'pillager', 'blaze', 'witch', 'drowned']);
const RANGED_REACH = 16;
const RESPAWN_RETRY_MS = 3000;
const RESPAWN_TRIES = 20;

/**
 * attackerRef is an entity as the protocol names an attacker or a reflex's
 * target: its type, its name (a player's username) and its uuid.
 * @returns {{type: string, name: string, uuid: string}}
 */
export function attackerRef(e, bot) {
  // A player the server spawned as another kind is a player still: the player list's uuid says so.
  const player = bot ? playerNameOf(bot, e) : '';
  if (player) return { type: 'player', name: player, uuid: e.uuid ?? bot.players[player]?.uuid ?? '' };
  return { type: e.name ?? e.type ?? 'unknown', name: e.username ?? e.name ?? '', uuid: e.uuid ?? '' };
}

export class Reflexes {
  /**
   * @param {{bot: any, dispatcher: import('./protocol.js').Dispatcher, broadcast: (p: object) => void,
   *   log: (msg: string, extra?: object) => void}} o
   */
  constructor(o) {
    this.bot = o.bot;
    this.dispatcher = o.dispatcher;
    this.broadcast = o.broadcast;
    this.log = o.log;
    /** @type {{kind: string, controller: AbortController}|null} */
    this.running = null;
    this.lastHurt = 0;
  }

  /** giveWay ends a running reflex because a request wants her hands. */
  giveWay(action) {
    if (!this.running) return;
    const r = this.running;
    this.running = null;
    r.controller.abort(new Interruption('replaced'));
    this.broadcast({ type: 'reflex', reflex: r.kind, event: 'failed', message: `gave way to your request ${action}`, ...r.about });
  }

  /**
   * start takes her hands for a reflex: the running request is interrupted
   * with the reflex's reason, and the reflex packet names it. about holds
   * what the reflex is about ({target} for defend and flee, {item} for eat);
   * every packet of the reflex carries it.
   */
  start(kind, message, body, about = {}) {
    if (this.running) return;
    const interrupted = this.dispatcher.interrupt(`reflex: ${kind}`);
    const controller = new AbortController();
    const r = { kind, controller, about };
    this.running = r;
    const packet = { type: 'reflex', reflex: kind, event: 'started', message, ...about };
    if (interrupted) packet.interrupted_id = interrupted.id;
    this.broadcast(packet);
    Promise.resolve()
      .then(() => body(controller.signal))
      .then(
        (msg) => this.end(r, 'finished', msg),
        (e) => this.end(r, 'failed', e instanceof Interruption ? `stopped (${e.reason})` : String(e?.message ?? e)),
      );
  }

  end(r, event, message) {
    if (this.running !== r) return;
    this.running = null;
    this.broadcast({ type: 'reflex', reflex: r.kind, event, message, ...r.about });
  }

  /**
   * consider runs twice a second. Dangers first, as mindcraft's modes
   * have them: out of lava or fire, up for air, away from a creeper about
   * to blow; then she eats when hurt and too hungry to heal, with her hands
   * idle (standing still after a stop, or paused, she still mends) or
   * lately struck, and when idle and hungry.
   */
  consider() {
    const bot = this.bot;
    if (!bot.entity || bot.health <= 0) return;
    if (this.danger()) return;
    if (this.running) return;
    const hurtHungry = bot.health < 20 && bot.food < HEAL_AT_FOOD;
    const idle = this.dispatcher.job === null && (bot.food <= EAT_AT_FOOD || hurtHungry);
    const struck = hurtHungry && Date.now() - this.lastHurt < 10_000;
    if (!idle && !struck) return;
    const food = bestFood(bot);
    if (!food) return;
    this.start('eat', `eating ${food.name} at food ${bot.food}/20`, async (signal) => {
      await eat(bot, food, signal);
      return `ate ${food.name}; food ${bot.food}/20`;
    }, { item: food.name });
  }

  /** preempt ends a running reflex for a danger that comes first. */
  preempt(what) {
    const r = this.running;
    if (!r) return;
    this.running = null;
    r.controller.abort(new Interruption(`reflex: ${what}`));
    this.broadcast({ type: 'reflex', reflex: r.kind, event: 'failed', message: `stopped for ${what}`, ...r.about });
  }

  /** danger starts the reflex for a danger she is in, and reports whether one runs for it. */
  danger() {
    const bot = this.bot;
    const at = bot.entity.position;
    const feetBlock = bot.blockAt(at.floored(), false);
    const headBlock = bot.blockAt(at.offset(0, 1.62, 0).floored(), false);
    const burning = ['lava', 'fire', 'soul_fire'].includes(feetBlock?.name) || bot.entity.isInLava;
    if (burning) {
      if (this.running?.kind === 'flee' && this.running.about.danger) return true;
      this.preempt(`the ${feetBlock?.name ?? 'lava'}`);
      this.start('flee', `getting out of the ${feetBlock?.name ?? 'lava'}`, async (signal) => {
        await walk(bot, new goals.GoalInvert(new goals.GoalNear(at.x, at.y, at.z, 4)), AbortSignal.any([signal, AbortSignal.timeout(ESCAPE_MS)])).catch(() => '');
        return `out of the ${feetBlock?.name ?? 'lava'} at ${at.floored()}`;
      }, { danger: feetBlock?.name ?? 'lava' });
      return true;
    }
    if (headBlock?.name === 'water' && !this.running) {
      this.start('clutch', 'swimming up for air', async (signal) => {
        bot.setControlState('jump', true);
        try {
          const until = Date.now() + ESCAPE_MS;
          while (Date.now() < until && bot.blockAt(bot.entity.position.offset(0, 1.62, 0).floored(), false)?.name === 'water') {
            await sleep(250, signal);
          }
        } finally {
          bot.setControlState('jump', false);
        }
        return 'her head is above water';
      }, { danger: 'water' });
      return true;
    }
    const creeper = Object.values(bot.entities).find((e) => e.name === 'creeper' && distance(e.position, at) < CREEPER_NEAR);
    if (creeper && !(this.running?.kind === 'flee')) {
      if (this.running) return false;
      this.start('flee', 'moving away from a creeper', async (signal) => {
        await walk(bot, new goals.GoalInvert(new goals.GoalFollow(creeper, CREEPER_SAFE)), AbortSignal.any([signal, AbortSignal.timeout(ESCAPE_MS)])).catch(() => '');
        return `${distance(bot.entity.position, creeper.position).toFixed(0)} blocks from the creeper`;
      }, { target: attackerRef(creeper) });
      return true;
    }
    return false;
  }

  /**
   * hurt decides what a blow from attacker makes her do: flee under 6
   * health with nothing to fight with (giving up a fight she is losing, or
   * a meal), else fight back. A flight, or the clutch for air, goes on.
   */
  hurt(attacker) {
    const bot = this.bot;
    this.lastHurt = Date.now();
    if (bot.health <= 0 || !attacker) return;
    const losing = bot.health < FLEE_BELOW && !bestWeapon(bot);
    const kind = this.running?.kind;
    if (kind === 'flee' || kind === 'clutch' || kind === 'defend' && !losing) return;
    const ref = attackerRef(attacker, bot);
    const name = ref.name || 'something';
    if (losing) {
      this.preempt('flee');
      this.start('flee', `fleeing from ${name} at ${Math.round(bot.health)} health with nothing to fight with`, async (signal) => {
        const from = attacker.position;
        await walk(bot, new goals.GoalInvert(new goals.GoalFollow(attacker, 16)), AbortSignal.any([signal, AbortSignal.timeout(10_000)])).catch(() => '');
        return `fled to ${distance(bot.entity.position, from).toFixed(0)} blocks from ${name}`;
      }, { target: ref });
      return;
    }
    const d = distance(attacker.position, bot.entity.position);
    // A player who struck her is fought back like a hostile mob: Blows
    // names only one that did strike.
    const foe = isHostile(attacker) || ref.type === 'player';
    if (foe && (d < 6 || RANGED.has(attacker.name) && d <= RANGED_REACH)) {
      this.preempt('defend'); // a meal waits for the fight
      this.start('defend', `fighting back against the ${name}`, async (signal) => {
        const r = await fight(bot, attacker, signal, null, 20_000);
        return r.gone ? `the ${name} is gone after ${r.hits} blows` : `stopped fighting the ${name} after ${r.hits} blows`;
      }, { target: ref });
    }
  }

  /** died ends everything she was doing and respawns her after a moment. */
  died() {
    if (this.running) {
      this.running.controller.abort(new Interruption('death'));
      this.end(this.running, 'failed', 'she died');
    }
    this.respawnTry(1);
  }

  /**
   * respawnTry asks the server to respawn her, again every few seconds
   * until she is alive: a respawn packet can be lost, or refused while the
   * server still shows the death screen.
   */
  respawnTry(n) {
    clearTimeout(this.respawnTimer);
    this.respawnTimer = setTimeout(() => {
      if (this.bot.health > 0 || this.stopped) return;
      this.broadcast({ type: 'reflex', reflex: 'respawn', event: 'started', message: n === 1 ? 'respawning' : `respawning (try ${n})` });
      try {
        this.bot.respawn();
      } catch (e) {
        this.broadcast({ type: 'reflex', reflex: 'respawn', event: 'failed', message: `respawn failed: ${e.message}` });
      }
      if (n < RESPAWN_TRIES) this.respawnTry(n + 1);
    }, n === 1 ? RESPAWN_DELAY_MS : RESPAWN_RETRY_MS);
    this.respawnTimer.unref?.();
  }

  /** respawned says the respawn reflex is over. */
  respawned() {
    clearTimeout(this.respawnTimer);
    this.broadcast({ type: 'reflex', reflex: 'respawn', event: 'finished', message: 'respawned' });
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.respawnTimer);
    if (this.running) this.running.controller.abort(new Interruption('disconnected'));
    this.running = null;
  }
}
